import SwitchyardRuntime

extension ActionJournal {
  /// Snapshots `state`, the state recovery rebuilt, when recovery replayed more records than the
  /// policy's ``SnapshotPolicy/afterReplaying``: a coordinator that crashes before its policy takes
  /// one (a crash loop) would otherwise replay more at every start.
  ///
  /// Call it after ``resumeEffects(in:)``: the effects that started again are in flight, and the
  /// record after the snapshot lists them, so a crash after it still makes them again.
  public func snapshotAfterLongRecovery<State: Encodable & Sendable>(_ state: State) {
    guard let bound = policy.afterReplaying, journal.recovery.replayedRecords > bound else { return }
    log(.info("recovery replayed \(journal.recovery.replayedRecords) records (more than \(bound)); taking a snapshot"))
    snapshot(state)
  }
}
