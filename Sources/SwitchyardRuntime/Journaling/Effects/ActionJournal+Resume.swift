import ComposableArchitecture

extension ActionJournal {
  /// Starts again, in `coordinator`'s store, the remote effects that were in flight when the
  /// coordinator that wrote this journal stopped: retryable jobs run again on the pools, the others
  /// end with ``JobFailure/Code/coordinatorRestarted``, so none is silently forgotten.
  ///
  /// Call it once, after ``Coordinator/start()``. Effects created by an action older than the
  /// snapshot recovery started from are not known, and not restarted (proto/JOURNAL.md).
  public func resumeEffects<R>(in coordinator: Coordinator<R>) {
    guard let recovery = recovered as? EffectRecovery else { return }
    recovered = nil
    recovery.executor = JournaledJobExecutor(base: coordinator.jobExecutor, journal: self)
    let counts = recovery.resume(in: coordinator.store, after: journal.recovery.olderFormatThrough)
    if counts.resumed > 0 {
      log(
        "\(counts.resumed) remote effects were in flight when the coordinator stopped: retryable jobs run again, "
          + "the others fail with \(JobFailure.Code.coordinatorRestarted)"
      )
    }
    if counts.unknown > 0 {
      log(
        "\(counts.unknown) remote effects of actions journaled before this version may have been in flight; "
          + "the journal did not record their ends, so they were not started again"
      )
    }
  }
}
