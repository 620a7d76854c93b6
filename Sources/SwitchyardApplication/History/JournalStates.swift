import SwitchyardDurability
import SwitchyardInspector

/// The states a journal can rebuild, with the last one rebuilt kept, so that a step forward (the
/// next action's diff, the slider dragged right) replays only the actions in between.
///
/// Not thread-safe: ``JournalHistorySource`` uses it on one queue, one request at a time.
final class JournalStates<Feature: Reducer> where Feature.State: Codable, Feature.Action: Codable {
  private let timeline: HistoryTimeline<Feature>
  private var last: HistoryTimeline<Feature>.Replayed?

  /// Steps forward from the last state by reading the records in between, when there are at most
  /// this many; a longer way replays from the snapshot, streaming the journal instead of holding it.
  static var maxStepForward: UInt64 { 10_000 }

  /// Rebuilds states from `history` through `replay`.
  init(history: JournalHistory, replay: ActionReplay<Feature>) {
    timeline = HistoryTimeline(history: history, replay: replay)
  }

  /// The oldest state the journal can rebuild: its oldest kept snapshot's.
  func oldest() throws -> UInt64? {
    try timeline.history.snapshotSequences().first
  }

  /// The state after action `sequence` as JSON, or after the last the journal holds when it ends
  /// before (its newest records may still be on their way to disk).
  func state(atOrBefore sequence: UInt64) throws -> HistoricState {
    let snapshots = try timeline.history.snapshotSequences()
    guard let oldest = snapshots.first else { throw HistoryError.noSnapshot(directory: timeline.history.directory) }
    guard let base = snapshots.last(where: { $0 <= sequence }) else {
      throw HistoryError.olderThanKept(sequence: sequence, oldest: oldest)
    }
    let rebuilt: HistoryTimeline<Feature>.Replayed
    if let last, last.sequence >= base, last.sequence <= sequence, sequence - last.sequence <= Self.maxStepForward {
      rebuilt = try step(from: last, to: sequence)
    } else {
      rebuilt = try timeline.state(atOrBefore: sequence)
    }
    last = rebuilt
    return HistoricState(sequence: rebuilt.sequence, state: try WireJSONEncoder().encodeValue(rebuilt.state))
  }

  /// `start` with the records after it up to `sequence` applied, as far as the journal goes.
  private func step(
    from start: HistoryTimeline<Feature>.Replayed,
    to sequence: UInt64
  ) throws -> HistoryTimeline<Feature>.Replayed {
    var replayed = start
    guard sequence > replayed.sequence else { return start }
    for record in try timeline.history.records(from: replayed.sequence + 1, limit: Int(sequence - replayed.sequence)) {
      // A gap means retention removed records since `start`; the way from the snapshot says so.
      guard record.sequence == replayed.sequence + 1 else { return try timeline.state(atOrBefore: sequence) }
      _ = try timeline.replay.apply(record, to: &replayed.state, effects: replayed.effects)
      replayed.sequence = record.sequence
    }
    return replayed
  }
}
