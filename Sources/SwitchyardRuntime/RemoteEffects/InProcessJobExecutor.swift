import ComposableArchitecture
import Synchronization
import SwitchyardWire

/// Runs jobs on handlers in this process: what a feature's tests use instead of worker processes.
///
/// Each job and output is round-tripped through the wire's JSON codec, as it would be between
/// processes, so a `Codable` mismatch fails the test instead of production.
///
/// ```swift
/// TestStore(initialState: Search.State()) { Search() } withDependencies: {
///   $0.jobExecutor = InProcessJobExecutor(SearchHandler(index: .fixture))
/// }
/// ```
public final class InProcessJobExecutor: JobExecutor {
  private let handlers: [JobKind: any JobHandler]
  private let counts = Mutex<[String: Int64]>([:])

  /// Creates an executor serving the kinds of `handlers`; the last handler for a kind wins.
  public convenience init(_ handlers: any JobHandler...) {
    self.init(handlers)
  }

  /// Creates an executor serving the kinds of `handlers`; the last handler for a kind wins.
  public init(_ handlers: [any JobHandler]) {
    self.handlers = Dictionary(handlers.map { ($0.kind, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// The counters handlers have incremented through ``JobContext/increment(_:by:)``.
  public var counters: [String: Int64] {
    counts.withLock { $0 }
  }

  /// Runs `job` on the handler for its kind, in this process.
  public func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    guard let handler = handlers[Job.kind] else {
      throw JobFailure(code: .unavailable, message: "No handler for '\(Job.kind)' jobs in this executor.")
    }
    try await run(handler, job: job, emit: emit)
  }

  private func run<Handler: JobHandler, Job: RemoteJob>(
    _ handler: Handler,
    job: Job,
    emit: JobEmitter<Job.Output>
  ) async throws {
    let decodedJob: Handler.Job
    do {
      decodedJob = try RawJSON(encoding: job).decode(Handler.Job.self)
    } catch {
      throw JobFailure(
        code: .malformed,
        message: "The '\(Job.kind)' handler could not decode \(Job.self) as \(Handler.Job.self): \(error)"
      )
    }
    let context = JobContext<Handler.Job.Output>(
      emit: { output in
        guard let converted = try? RawJSON(encoding: output).decode(Job.Output.self)
        else {
          reportIssue("The '\(Job.kind)' handler emitted \(output), which does not decode as \(Job.Output.self).")
          return
        }
        await emit(converted)
      },
      increment: { [self] name, amount in counts.withLock { $0[name, default: 0] += amount } }
    )
    do {
      try await handler.run(decodedJob, context: context)
      try Task.checkCancellation()
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw JobFailure(error)
    }
  }
}
