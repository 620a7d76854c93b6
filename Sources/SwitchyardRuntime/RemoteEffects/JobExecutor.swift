import ComposableArchitecture

/// Runs remote jobs: in worker processes under a coordinator, or in-process in tests.
///
/// Reducers never call it directly; ``Effect/remote(_:transform:)`` reads it from
/// `@Dependency(\.jobExecutor)`, which is how the same feature runs under `TestStore` and in production.
public protocol JobExecutor: Sendable {
  /// Runs `job` to completion, passing each output to `emit`.
  ///
  /// Throws a ``JobFailure`` when the job fails, or `CancellationError` when the calling task is
  /// cancelled — after which nothing more is emitted.
  func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws

  /// The effect that runs `job` and feeds its events through `transform` to the store: what
  /// ``Effect/remote(_:transform:)`` returns.
  ///
  /// The default runs ``execute(_:emit:)`` in the effect's task; an executor that can report on
  /// the main actor (a coordinator's pools) returns an effect that needs no task.
  func effect<Job: RemoteJob, Action>(
    _ job: Job,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?
  ) -> Effect<Action>

  /// The coordinator's pools, when this executor runs jobs on them: ``Effect/remote(_:transform:)``
  /// then builds the effect itself, in the feature's module, where its job and action types are
  /// known and nothing is looked up at run time. `nil`, the default, for any other executor.
  var pools: PoolJobExecutor? { get }
}

extension JobExecutor {
  /// Not the coordinator's pools: ``Effect/remote(_:transform:)`` asks for ``effect(_:transform:)``.
  public var pools: PoolJobExecutor? { nil }

  /// Runs ``execute(_:emit:)`` in the effect's task, sending each event `transform` maps to an action.
  public func effect<Job: RemoteJob, Action>(
    _ job: Job,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?
  ) -> Effect<Action> {
    .run { send in
      let result: Result<Void, any Error>
      do {
        try await execute(job, emit: JobEmitter { output in
          guard let action = transform(.output(output)) else { return }
          await send(action)
        })
        result = .success(())
      } catch {
        result = .failure(error)
      }
      guard let event = JobEvent<Job.Output>.end(result), let action = transform(event) else { return }
      await send(action)
    }
  }
}
