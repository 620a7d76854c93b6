import ComposableArchitecture
import SwitchyardJournal
import SwitchyardWire

extension ActionJournal {
  /// Opens the journal in `directory` (creating it when absent) and rebuilds the state it holds:
  /// the newest sound snapshot, then every later action replayed through `replay`'s reducer with
  /// the dependency values recorded beside it, its effects discarded.
  ///
  /// An empty journal starts with a snapshot of `initialState`, so history can rebuild any state
  /// from the journal alone. The remote effects replay finds in flight wait for
  /// ``resumeEffects(in:)``. Throws ``JournalError`` (damage, a newer format, the lock held) or
  /// ``JournalReplayError``; the directory is then released.
  public static func open<Base>(
    directory: String,
    options: JournalOptions,
    policy: SnapshotPolicy,
    replay: ActionReplay<Base>,
    initialState: Base.State,
    log: @escaping @Sendable (String) -> Void
  ) throws -> (journal: ActionJournal, state: Base.State) where Base.State: Encodable & Sendable {
    var state = initialState
    let recovery = EffectRecovery()
    let journal = try Journal.open(
      directory: directory,
      options: options,
      restore: { snapshot in
        state = try replay.state(snapshot)
        recovery.snapshotSequence = snapshot.sequence
      },
      replay: { record in try replay.apply(record, to: &state, recovering: recovery) }
    )
    let actionJournal = ActionJournal(journal: journal, policy: policy, log: log)
    actionJournal.recovered = recovery
    if journal.recovery.snapshotSequence == nil && journal.recovery.lastSequence == 0 {
      actionJournal.snapshot(state)
    }
    return (actionJournal, state)
  }
}
