import ComposableArchitecture
import SwitchyardJournal
import SwitchyardRuntime
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
  ///
  /// A record the last coordinator died reducing, as ``PoisonWatch`` noted, stops recovery with
  /// ``JournalReplayError/poisoned(sequence:action:signal:)`` unless `skipping` names it: replay
  /// then leaves that record out, notes it in the `skipped` file and snapshots the state at once,
  /// so that no later start replays it either.
  ///
  /// Replay compares the state with every state digest the journal recorded and stops with
  /// ``JournalReplayError/replayDiverged(_:)`` at the first that differs (or that an older version
  /// wrote before a state migration), and the effects each action returns with those its record
  /// lists, unless `acceptingDivergence`: the state this build reaches is then kept, logged,
  /// journaled in a ``DivergenceAcceptedRecord`` and snapshotted. A divergence such a record
  /// after it accepted is passed, logged, as `verify` passes it: a start from a snapshot older than
  /// that record's (effects were in flight) is not refused again.
  public static func open<Base>(
    directory: String,
    options: JournalOptions,
    policy: SnapshotPolicy,
    replay: ActionReplay<Base>,
    initialState: Base.State,
    skipping skip: UInt64? = nil,
    acceptingDivergence: Bool = false,
    log: @escaping @Sendable (LogEvent) -> Void
  ) throws -> (journal: ActionJournal, state: Base.State) where Base.State: Encodable & Sendable {
    let replay = try replay.reading(directory)
    let check = DivergenceCheck<Base.State, Base.Action>(
      accepting: acceptingDivergence, migrations: replay.migrations, acceptances: DivergenceAcceptances(directory: directory)
    )
    var options = options
    options.applicationVersion = replay.migrations.version
    var state = initialState
    let recovery = EffectRecovery()
    let effects = ReplayedEffects()
    let poison = PoisonRecord.read(directory: directory)
    var skipped = SkippedRecords.read(directory: directory)
    var skippedNow: String?
    let journal = try replay.replayingInForce { replay in
      try Journal.open(
        directory: directory,
        options: options,
        restoringAtOrBefore: Self.snapshotBeforeEffectsInFlight(in: directory),
        restore: { snapshot in
          state = try replay.state(snapshot)
          check.restored(state)
          recovery.snapshotSequence = snapshot.sequence
        },
        replay: { record in
          if record.sequence == skip, !skipped.contains(record.sequence) {
            try SkippedRecords.add(record.sequence, directory: directory)
            skipped.insert(record.sequence)
            skippedNow = actionPath(of: record)
          } else if let poison, poison.moment != .live, record.sequence == poison.sequence, !skipped.contains(record.sequence) {
            throw JournalReplayError.poisoned(sequence: record.sequence, action: actionPath(of: record), signal: poison.signalName)
          }
          _ = try replay.apply(record, to: &state, effects: effects, recovery: recovery, skipped: skipped, check: check)
        }
      )
    }
    let actionJournal = ActionJournal(journal: journal, policy: policy, effectsToResume: recovery, log: log)
    if let skip {
      if let skippedNow {
        log(
          .info(
            "skipped journal record \(skip) (\(skippedNow)) as --skip-record asked, and the events of effects it made; "
              + "a snapshot follows, and the data directory's 'skipped' file keeps every later replay from it",
            .integer("action_sequence", skip)
          )
        )
      } else {
        let why = skipped.contains(skip) ? "it was skipped before" : "no such record after the snapshot"
        log(.info("--skip-record \(skip): record \(skip) was not replayed (\(why)), so nothing was skipped", .integer("action_sequence", skip)))
      }
    }
    // A live action's number may since have gone to a record a later start wrote, which then
    // died before it emptied the file: that record is not the one named.
    if let poison, poison.neverJournaled(lastSequence: journal.recovery.lastSequence) {
      log(
        .info(
          "the last coordinator died of \(poison.signalName) reducing action \(poison.sequence), which was never journaled: "
            + "nothing replays it, and a client that sent it had no answer; its log says what it was",
          .integer("action_sequence", poison.sequence)
        )
      )
      // Run again, the effect would deliver the same event, and the coordinator die again. Its
      // end is journaled once: a start that died before emptying the file journaled it already.
      if let effect = poison.effect, recovery.isOpen(effect) {
        recovery.ended(effect)
        actionJournal.effectEnded(effect)
        log(LogEvent(.info, "that action was an event of remote effect \(effect), which is not started again: its end is journaled", fields: effect.logFields))
      }
    }
    // Cleared before that end is on disk, a crash in between would start the effect again.
    journal.whenDurable(actionJournal.lastSequence) { if case .success = $0 { PoisonRecord.clear(directory: directory) } }
    if let first = check.accepted.first {
      log(
        .info(
          "replay through this build diverged \(check.accepted.count) time(s) where the journal says it was accepted; "
            + "the first: \(first.summary)"
        )
      )
    }
    if let first = check.divergences.first {
      log(
        .info(
          "--accept-divergence: replay through this build diverged \(check.divergences.count) time(s) from what the "
            + "journal recorded, and keeps this build's state (a snapshot follows). The first: \(first)"
        )
      )
      // A record of its own, so that history shows what was accepted, and when.
      actionJournal.divergenceAccepted(try DivergenceAcceptedRecord(check.divergences, build: replay.migrations.version).payload())
    }
    if skippedNow != nil || !check.divergences.isEmpty || (journal.recovery.snapshotSequence == nil && journal.recovery.lastSequence == 0) {
      actionJournal.snapshot(state)
    }
    return (actionJournal, state)
  }

  /// The case path of `record`'s action, or what else the record holds, for a message naming it.
  private static func actionPath(of record: JournalRecord) -> String {
    guard let payload = try? RawJSON(parsing: record.payload), case let .object(members) = payload.value else {
      return "an unreadable record"
    }
    if let action = members["action"] { return ActionPath.of(action) }
    if let effect = members["effectEvent"] { return "an event of the remote effect \(effect)" }
    return members.keys.first ?? "an empty record"
  }

  /// The record before the oldest action whose remote effects were in flight at the newest
  /// snapshot, as the `effectsInFlight` record after it lists them: recovery replays from a
  /// snapshot at or before it, if one is kept, to make those effects again. `nil` when none was in
  /// flight, or nothing can be read yet (recovery proper reports what is wrong).
  static func snapshotBeforeEffectsInFlight(in directory: String) -> UInt64? {
    guard let history = try? JournalHistory(directory: directory),
      let newest = try? history.snapshotSequences().last,
      let record = try? history.records(from: newest + 1, limit: 1).first, record.sequence == newest + 1,
      let entry = try? ReplayEntry<Never>(parsing: record.payload),
      let inFlight = entry.effectsInFlight, inFlight.snapshot == newest,
      let oldest = inFlight.effects.map(\.action).min(), oldest >= 1
    else { return nil }
    return oldest - 1
  }
}
