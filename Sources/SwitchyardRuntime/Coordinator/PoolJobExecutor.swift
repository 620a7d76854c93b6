import ComposableArchitecture
import Synchronization
import SwitchyardWire

/// Runs jobs on the coordinator's worker pools: the `jobExecutor` a ``Coordinator`` installs for its
/// store.
///
/// Every job takes one path through the runtime, which reports on the main actor: a store's effect
/// needs no task, and ``execute(_:emit:)`` is a thin bridge for callers that want to await a job.
public struct PoolJobExecutor: JobExecutor {
  @usableFromInline
  let runtime: EffectRouter
  /// What observes each effect made on these pools, if anything does: a journal.
  @usableFromInline
  let observing: (any RemoteEffectObserving)?

  init(runtime: EffectRouter, observing: (any RemoteEffectObserving)? = nil) {
    self.runtime = runtime
    self.observing = observing
  }

  /// These pools, with every effect made on them observed by `observing`.
  package func observed(by observing: any RemoteEffectObserving) -> PoolJobExecutor {
    PoolJobExecutor(runtime: runtime, observing: observing)
  }

  /// This executor: ``Effect/remote(_:transform:)`` builds its effects on it directly.
  public var pools: PoolJobExecutor? { self }

  /// An effect without a task: outputs and the end are reduced in the main actor turn their frames
  /// arrive.
  public func effect<Job: RemoteJob, Action>(
    _ job: Job,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?
  ) -> Effect<Action> {
    let observer = observing?.observerOfNewEffect()
    return .handled(label: observer == nil ? nil : job) { handle in run(job, transform: transform, handle: handle, observer: observer) }
  }

  /// Runs `job` for the effect `handle` drives; `observer`, if given, hears it start and end, and
  /// names the metadata each action it sends carries: how a journal learns where they came from.
  /// `delivered` outputs of it were delivered already, before a crash.
  ///
  /// Inlinable, so that ``Effect/remote(_:transform:)`` compiles it in the feature's module.
  @inlinable
  @MainActor
  package func run<Job: RemoteJob, Action>(
    _ job: Job,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?,
    handle: EffectHandle<Action>,
    observer: (any RemoteEffectObserver)? = nil,
    delivered: UInt64 = 0
  ) {
    observer?.didStart()
    let record = runtime.start(job, delivered: delivered) { event in
      switch event {
      case let .output(json):
        let output = try json.decode(Job.Output.self)
        // Alive until the action is reduced, so no value made meanwhile shares its references.
        withExtendedLifetime(output) {
          if let action = transform(.output(output)) { handle.send(action, metadata: observer?.metadata(ofOutput: output, json: json)) }
        }
      case let .ended(result):
        let event = JobEvent<Job.Output>.end(result)
        if let event, let action = transform(event) {
          let failure: JobFailure? = if case let .failed(failure) = event { failure } else { nil }
          handle.send(action, metadata: observer?.metadata(ofEndWith: failure))
        }
        if let observer {
          let interrupted = if case .failure(is CancellationError) = result { !handle.isCancelled } else { false }
          observer.didEnd(interrupted: interrupted)
        }
        handle.end()
      }
    }
    if let record { handle.onCancel { record.cancel() } }
  }

  /// Runs `job`, awaiting each output's delivery in order; cancelling the calling task cancels it.
  @MainActor
  public func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {
    let (outputs, continuation) = AsyncStream.makeStream(of: Job.Output.self)
    let delivery = Task { for await output in outputs { await emit(output) } }
    defer { continuation.finish() }
    let started = StartedEffect()
    do {
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (end: CheckedContinuation<Void, any Error>) in
          guard !Task.isCancelled else { return end.resume(throwing: CancellationError()) }
          let record = runtime.start(job) { event in
            switch event {
            case let .output(output): continuation.yield(try output.decode(Job.Output.self))
            case let .ended(result): end.resume(with: result)
            }
          }
          started.id.store(record?.id ?? 0, ordering: .releasing)
        }
      } onCancel: { [runtime] in
        Task { @MainActor in
          runtime.cancel(started.id.load(ordering: .acquiring))
        }
      }
    } catch {
      delivery.cancel()
      throw error
    }
    continuation.finish()
    await delivery.value
  }
}

/// The id of an effect once ``PoolJobExecutor/execute(_:emit:)`` has started it; 0 before, an id
/// no effect has.
private final class StartedEffect: Sendable {
  let id = Atomic<UInt64>(0)
}
