import SwitchyardRuntime

extension ActionJournal {
  /// Snapshots `state`, the state recovery rebuilt, now: for a journal copied to a replica that
  /// starts empty (`start --ha` on a shared journal no leader wrote yet), which needs a snapshot
  /// to start its copies from.
  public func snapshotForReplicas<State: Encodable & Sendable>(_ state: State) {
    log(.info("taking a snapshot for the shared journal's standbys to start from"))
    snapshot(state)
  }
}
