import Foundation
import SwitchyardDurability

/// How `history` replays a data directory one application wrote: its reducer, behind closures, so
/// the command is not generic over it.
///
/// `start` modes that run another application give theirs (``StartMode/history``), and `history`
/// picks the one whose reducer the data directory's owner names.
public struct HistoryReplay: Sendable {
  /// Who writes the data directories this replays.
  public let owner: JournalOwner
  /// Up to `limit` entries from `from` on, and the damage a later snapshot covers that the listing
  /// went past (``HistoryTimeline/entries(from:limit:)``).
  let entries: @MainActor @Sendable (JournalHistory, _ from: UInt64, _ limit: Int) throws -> (entries: [HistoryEntry], damaged: [JournalDamage])
  let state: @MainActor @Sendable (JournalHistory, _ sequence: UInt64) throws -> JSONValue
  /// `history --export-test`: records N…M as a ``RecordedHistory``, and the reducer's type as
  /// Swift spells it, module first.
  let export: @MainActor @Sendable (JournalHistory, _ from: UInt64, _ through: UInt64) throws -> (RecordedHistory, String)
  /// `verify`: the whole directory replayed through this build and checked.
  let verify: @MainActor @Sendable (_ directory: String) throws -> VerificationReport

  /// Replays the journals of `application` through the reducer `makeReducer` returns, what
  /// versions older than `version` wrote through `migrations`.
  public init<Feature: Reducer>(
    application: String,
    reducer makeReducer: @escaping @MainActor @Sendable () -> Feature,
    version: Int = 1,
    migrations: [Migration] = []
  ) where Feature.State: Codable, Feature.Action: Codable {
    owner = JournalOwner(application: application, reducer: Feature.self)
    let timeline = { @MainActor (history: JournalHistory) in
      HistoryTimeline(
        history: history,
        replay: ActionReplay(makeReducer(), skippingRecordsIn: history.directory, version: version, migrations: migrations)
      )
    }
    entries = { history, from, limit in try timeline(history).entries(from: from, limit: limit) }
    state = { history, sequence in try WireJSONEncoder().encodeValue(timeline(history).state(at: sequence)) }
    export = { history, from, through in
      (try timeline(history).recorded(from: from, through: through, application: application, version: version), String(reflecting: Feature.self))
    }
    verify = { directory in
      try JournalVerification.verify(
        directory: directory,
        replay: ActionReplay(makeReducer(), skippingRecordsIn: directory, version: version, migrations: migrations)
      )
    }
  }
}

/// A journal's records replayed one by one, each with what it changed.
struct HistoryTimeline<Feature: Reducer> where Feature.State: Codable, Feature.Action: Codable {
  let history: JournalHistory
  let replay: ActionReplay<Feature>

  /// The state after record `sequence`, from the nearest snapshot.
  func state(at sequence: UInt64) throws -> Feature.State {
    try rebuild(at: sequence) { _ in }.state
  }

  /// The state after record `sequence`, or after the last record the journal holds when it ends
  /// before (a running coordinator's newest records may still be on their way to disk), with the
  /// effects its replay made, which later records' effect events need.
  func state(atOrBefore sequence: UInt64) throws -> Replayed {
    var reached: UInt64?
    do {
      let (state, effects) = try rebuild(at: sequence) { reached = $0 }
      return Replayed(sequence: sequence, state: state, effects: effects)
    } catch JournalError.historyUnavailable where reached.map({ $0 < sequence }) ?? false {
      let last = reached ?? 0
      let (state, effects) = try rebuild(at: last) { _ in }
      return Replayed(sequence: last, state: state, effects: effects)
    }
  }

  /// A state replay reached, and what replay knows of the effects made since its snapshot.
  struct Replayed {
    var sequence: UInt64
    var state: Feature.State
    var effects: ReplayedEffects
  }

  /// Calls `reached` with the snapshot's sequence and then each record's as it is applied.
  private func rebuild(at sequence: UInt64, reached: (UInt64) -> Void) throws -> (state: Feature.State, effects: ReplayedEffects) {
    let effects = ReplayedEffects()
    let state: Feature.State = try replay.replayingInForce { replay in
      try history.state(
        at: sequence,
        initial: { () throws -> Feature.State in
          throw JournalError.historyUnavailable(sequence: sequence, reason: "no snapshot at or before it remains")
        },
        restore: { snapshot in
          reached(snapshot.sequence)
          return try replay.state(snapshot)
        },
        apply: { state, record in
          _ = try replay.apply(record, to: &state, effects: effects)
          reached(record.sequence)
        }
      )
    }
    return (state, effects)
  }

  /// Records `from` through `through` as a ``RecordedHistory``: the state before, and each action
  /// with its recording and the state after; records of other kinds change no state and are left out.
  func recorded(from: UInt64, through: UInt64, application: String, version: Int) throws -> RecordedHistory {
    guard from >= 1, through >= from else { throw HistoryError.badRange("\(from)..\(through)") }
    var (state, effects) = try rebuild(at: from - 1) { _ in }
    let encoder = WireJSONEncoder()
    let before = try encoder.encodeValue(state)
    var steps: [RecordedHistory.Step] = []
    for record in try history.records(from: from, limit: Int(through - from + 1)) {
      guard case let .action(action, dependencies) = try replay.apply(record, to: &state, effects: effects) else { continue }
      steps.append(
        RecordedHistory.Step(
          sequence: record.sequence, action: try encoder.encodeValue(action),
          dependencies: dependencies.isEmpty ? nil : dependencies, stateAfter: try encoder.encodeValue(state)
        )
      )
    }
    return RecordedHistory(application: application, version: version, stateBefore: before, steps: steps)
  }

  /// Up to `limit` records from `from` on (or the first a snapshot lets it rebuild), each with the
  /// action's path and the state's changes, and the damage the listing went past: the records a
  /// later snapshot covers are left out, as a repair's gap is, and those after it follow.
  func entries(from: UInt64, limit: Int) throws -> (entries: [HistoryEntry], damaged: [JournalDamage]) {
    let earliest = (try history.snapshotSequences().first).map { $0 + 1 } ?? 1
    var damaged: [JournalDamage] = []
    let records = try history.records(from: max(from, earliest), limit: limit) { damaged.add($0) }
    guard let first = records.first else { return ([], damaged) }
    var (state, effects) = try rebuild(at: first.sequence - 1) { _ in }
    var before = try WireJSONEncoder().encodeValue(state)
    var previous = first.sequence - 1
    let entries = try records.map { record in
      if record.sequence != previous + 1 {
        // Past the gap a repair left, or damage: the state is the snapshot reading went on from.
        (state, effects) = try rebuild(at: record.sequence - 1) { _ in }
        before = try WireJSONEncoder().encodeValue(state)
      }
      previous = record.sequence
      let action: JSONValue
      switch try replay.apply(record, to: &state, effects: effects) {
      case let .action(value, _): action = try WireJSONEncoder().encodeValue(value)
      case let .other(kind): action = .object([kind: .null])
      }
      let after = try WireJSONEncoder().encodeValue(state)
      defer { before = after }
      let named = try RecordEffects(record)
      let writtenBy = replay.version(ofRecord: record.sequence)
      return HistoryEntry(
        sequence: record.sequence,
        time: record.date,
        action: ActionPath.of(action),
        changes: StateChanges.between(before, after),
        endedEffect: named.ended,
        outputOf: named.outputOf,
        effectsInFlight: named.inFlight,
        divergenceAccepted: named.divergenceAccepted,
        version: writtenBy == replay.version ? nil : writtenBy
      )
    }
    return (entries, damaged)
  }
}
