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
}
