import ComposableArchitecture

extension Effect {
  /// An effect that runs `job` on the worker pool for its kind and feeds its events back as actions.
  ///
  /// Compose it like any effect — `.cancellable(id:cancelInFlight:)`, `.merge`, `.concatenate`. Once
  /// it is cancelled, nothing the worker still emits reaches the reducer. Return `nil` from
  /// `transform` for events the feature does not care about. Where the job runs is the
  /// `@Dependency(\.jobExecutor)`: worker processes under a ``Coordinator``, an
  /// ``InProcessJobExecutor`` in tests.
  ///
  /// ```swift
  /// return .remote(SearchJob(query: query)) { .searchEvent($0) }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  public static func remote<Job: RemoteJob>(
    _ job: Job,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?
  ) -> Self {
    // What `@Dependency(\.jobExecutor)` reads, without applying a key path on every effect.
    DependencyValues.current.jobExecutor.effect(job, transform: transform)
  }
}
