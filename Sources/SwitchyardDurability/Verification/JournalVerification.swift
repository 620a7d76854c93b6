import ComposableArchitecture
import SwitchyardJournal

/// `verify`: replays a data directory through this build, offline and read-only, from its oldest
/// kept snapshot to its end, checking the state against every state digest the journal recorded
/// and every later snapshot: what a team runs in CI against a copy of production data before it
/// deploys a new version (Temporal's replay test).
///
/// Records an older version wrote before a migration of the state are replayed, migrated, but
/// their digests cannot be compared; the later snapshots still check them. A divergence that a
/// later `divergenceAccepted` record accepted (``DivergenceAcceptances``) is listed, not failed:
/// the `start` after that record no longer refuses it either. Damage that a later snapshot covers
/// fails it, named, though `start` never reads it: replay goes on from that snapshot, so the rest
/// is still checked.
public enum JournalVerification {
  /// Replays the journal in `directory` through `replay`; the report says how far it got and the
  /// first divergence, if any. Throws what keeps the directory from being read at all.
  public static func verify<Base>(directory: String, replay: ActionReplay<Base>) throws -> VerificationReport {
    let started = ContinuousClock.now
    return try replay.reading(directory).replayingInForce { replay in
      try replayed(directory: directory, replay: replay, started: started)
    }
  }

  private static func replayed<Base>(
    directory: String, replay: ActionReplay<Base>, started: ContinuousClock.Instant
  ) throws -> VerificationReport {
    let history = try JournalHistory(directory: directory)
    let check = DivergenceCheck<Base.State, Base.Action>(
      accepting: false, migrations: replay.migrations, passingOverMigratedDigests: true,
      acceptances: DivergenceAcceptances(directory: directory)
    )
    var report = VerificationReport(directory: directory, version: replay.migrations.version)
    var state: Base.State?
    var effects = ReplayedEffects()
    do {
      let (snapshot, last) = try history.walk(
        restore: { snapshot in
          let restored = try replay.state(snapshot)
          check.restored(restored)
          state = restored
          // Past a repair's gap, the effects replayed before it are not the ones the records after it name.
          effects = ReplayedEffects()
          report.fromSnapshot = snapshot.sequence
        },
        apply: { record in
          guard var current = state.take() else { return }
          defer { state = current }
          _ = try replay.apply(record, to: &current, effects: effects, recovery: nil, skipped: replay.skipped, check: check)
          report.records += 1
        },
        check: { snapshot in
          guard let current = state else { return }
          let writtenBy = snapshot.applicationVersion
          try check.compare(current, withSnapshot: try replay.state(snapshot), sequence: snapshot.sequence, writtenBy: writtenBy)
          report.snapshots += 1
        },
        missing: { report.missing.append($0) },
        damaged: { report.damaged.add($0) }
      )
      report.fromSnapshot = snapshot
      report.lastRecord = last
    } catch let JournalReplayError.replayDiverged(divergence) {
      report.divergence = divergence
    } catch let error as JournalReplayError {
      report.failure = "\(error)"
    }
    report.digests = check.checked - report.snapshots
    report.olderDigests = check.passedOver
    report.effects = check.effectsChecked
    report.accepted = check.accepted
    report.elapsed = .now - started
    return report
  }
}
