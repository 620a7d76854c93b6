import ComposableArchitecture
import SwitchyardRuntime

extension ActionJournal {
  /// Starts again, in `coordinator`'s store, the remote effects that were in flight when the
  /// coordinator that wrote this journal stopped: retryable jobs run again on the pools, the others
  /// end with ``JobFailure/Code/coordinatorRestarted``, so none is silently forgotten.
  ///
  /// Call it once, after ``Coordinator/start()``. Effects created by an action older than the
  /// snapshot recovery started from (the oldest kept, when they are older than every snapshot)
  /// cannot be made again: those the journal lists as in flight at that snapshot, and not ended
  /// since, are named in a warning (proto/JOURNAL.md).
  public func resumeEffects<R>(in coordinator: Coordinator<R>) {
    guard let recovery = effectsToResume.take() else { return }
    recovery.executor = JournaledJobExecutor(base: coordinator.jobExecutor, journal: self)
    let counts = recovery.resume(in: coordinator.store, after: journal.recovery.olderFormatThrough)
    if counts.resumed > 0 {
      log(
        .info(
          "\(counts.resumed) remote effects were in flight when the coordinator stopped: retryable jobs run again, "
            + "the others fail with \(JobFailure.Code.coordinatorRestarted)"
        )
      )
    }
    let lost = recovery.lostBeforeSnapshot
    if !lost.isEmpty {
      log(
        .warning(
          "\(lost.count) remote effects were in flight when the coordinator stopped but were made by actions "
          + "before the snapshot recovery started from (\(recovery.snapshotSequence ?? 0)), so they cannot be made "
          + "again: \(lost.map(\.description).joined(separator: ", ")); start long-lived listeners from startActions and end them from stopActions",
          .integer("snapshot_sequence", recovery.snapshotSequence ?? 0)
        )
      )
    }
    if counts.unknown > 0 {
      log(
        .info(
          "\(counts.unknown) remote effects of actions journaled before this version may have been in flight; "
            + "the journal did not record their ends, so they were not started again"
        )
      )
    }
  }
}
