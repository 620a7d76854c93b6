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
  /// ``resumeEffects(in:)``; replay starts from an older snapshot than the newest when that one was
  /// taken while effects of earlier actions ran, so that they are made again too. Throws
  /// ``JournalError`` (damage, a newer format, the lock held) or ``JournalReplayError``; the
  /// directory is then released.
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
    let effects = ReplayedEffects()
    let journal = try Journal.open(
      directory: directory,
      options: options,
      restoringAtOrBefore: Self.snapshotBeforeEffectsInFlight(in: directory),
      restore: { snapshot in
        state = try replay.state(snapshot)
        recovery.snapshotSequence = snapshot.sequence
      },
      replay: { record in _ = try replay.apply(record, to: &state, effects: effects, recovery: recovery) }
    )
    let actionJournal = ActionJournal(journal: journal, policy: policy, log: log)
    actionJournal.recovered = recovery
    if journal.recovery.snapshotSequence == nil && journal.recovery.lastSequence == 0 {
      actionJournal.snapshot(state)
    }
    return (actionJournal, state)
  }

  /// The record before the oldest action whose remote effects were in flight at the newest
  /// snapshot, as the `effectsInFlight` record after it lists them: recovery replays from a
  /// snapshot at or before it, if one is kept, to make those effects again. `nil` when none was in
  /// flight, or nothing can be read yet (recovery proper reports what is wrong).
  static func snapshotBeforeEffectsInFlight(in directory: String) -> UInt64? {
    guard let history = try? JournalHistory(directory: directory),
      let newest = try? history.snapshotSequences().last,
      let record = try? history.records(from: newest + 1, limit: 1).first, record.sequence == newest + 1,
      let entry = try? WireJSONDecoder().decode(ReplayEntry<Never>.self, from: record.payload),
      let inFlight = entry.effectsInFlight, inFlight.snapshot == newest,
      let oldest = inFlight.effects.map(\.action).min(), oldest >= 1
    else { return nil }
    return oldest - 1
  }
}
