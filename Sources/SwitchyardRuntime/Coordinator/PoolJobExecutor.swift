import ComposableArchitecture
import SwitchyardWire

/// Runs jobs on the coordinator's worker pools: the `jobExecutor` a ``Coordinator`` installs for its
/// store.
struct PoolJobExecutor: JobExecutor {
  let runtime: RemoteRuntime

  func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    try await run(job, emit: emit)
  }

  /// Starts `job` for an effect of the coordinator's store, driving `handle` from the runtime's
  /// callbacks: outputs and the end are reduced in the main actor turn their frames arrive, and
  /// no task waits in between.
  @MainActor
  func start<Job: RemoteJob, Action>(
    _ job: Job,
    handle: EffectHandle<Action>,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?
  ) {
    func end(_ event: JobEvent<Job.Output>) {
      if let action = transform(event) { handle.send(action) }
      handle.end()
    }
    let request: RemoteRequest
    do {
      request = try Self.request(job)
    } catch {
      return end(.failed(error))
    }
    let id = runtime.start(request) { @MainActor value in
      let output = try JSONValueCoding.decode(Job.Output.self, from: value)
      if let action = transform(.output(output)) { handle.send(action) }
    } onEnd: { result in
      switch result {
      case .success:
        end(.finished)
      case .failure(is CancellationError):
        handle.end()
      case let .failure(failure as JobFailure):
        end(.failed(failure))
      case let .failure(error):
        end(.failed(JobFailure(code: .handlerError, message: "\(error)")))
      }
    }
    handle.onCancel { [runtime] in runtime.cancel(id) }
  }

  /// Runs `job` on the main actor, where the runtime lives.
  @MainActor
  func run<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    let request = try Self.request(job)
    switch emit.sink {
    case let .mainActor(deliver):
      // The fast path: each batch of outputs reaches the reducer in the main actor turn it arrived.
      try await runtime.execute(request) { @MainActor value in
        deliver(try JSONValueCoding.decode(Job.Output.self, from: value))
      }
    case let .async(deliver):
      let (outputs, continuation) = AsyncStream.makeStream(of: Job.Output.self)
      let forwarder = Task {
        for await output in outputs { await deliver(output) }
      }
      defer { continuation.finish() }
      do {
        try await runtime.execute(request) { @MainActor value in
          continuation.yield(try JSONValueCoding.decode(Job.Output.self, from: value))
        }
        continuation.finish()
        await forwarder.value
      } catch {
        forwarder.cancel()
        throw error
      }
    }
  }

  private static func request<Job: RemoteJob>(_ job: Job) throws(JobFailure) -> RemoteRequest {
    do {
      return try RemoteRequest(job)
    } catch {
      throw JobFailure(code: .malformed, message: "Could not encode \(Job.self) for a worker: \(error)")
    }
  }
}
