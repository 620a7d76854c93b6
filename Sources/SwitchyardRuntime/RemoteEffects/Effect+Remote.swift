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
  @inlinable
  public static func remote<Job: RemoteJob>(
    _ job: Job,
    transform: @escaping @Sendable (JobEvent<Job.Output>) -> Action?
  ) -> Self {
    // What `@Dependency(\.jobExecutor)` reads, without applying a key path on every effect.
    let executor = DependencyValues.current.jobExecutor
    guard let pools = executor.pools else { return executor.effect(job, transform: transform) }
    // Inlined into the feature: the closures that decode outputs and map events are compiled for
    // its job and action types, not generic code that looks their metadata up on every event.
    // Made now, in the reduction that makes the effect: a journal names effects in that order.
    let observer = pools.observing?.observerOfNewEffect()
    // Labelled with its job only when a journal observes it: its record says what the job was.
    return .handled(label: observer == nil ? nil : job) { handle in
      pools.run(job, transform: transform, handle: handle, observer: observer)
    }
  }
}
