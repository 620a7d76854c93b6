import Foundation

/// One line of `history`: a journaled action and what it changed in the state.
struct HistoryEntry: Encodable, Equatable {
  /// The record's sequence number.
  var sequence: UInt64
  /// When it was journaled.
  var time: Date
  /// The action's path, such as `sessions.id=1.search.searchQueryChanged`.
  var action: String
  /// Each change to the state, one `path: old → new` each, in path order.
  var changes: [String]
  /// The remote effect whose end the record reports, `action#index`: the action its last event
  /// became, or an `effectEnded` record.
  var endedEffect: String?
  /// The remote effect whose output the action delivers, `action#index`: what recovery counts so
  /// that a resumed effect does not deliver it again.
  var outputOf: String?
  /// The remote effects in flight at a snapshot, `action#index` each: an `effectsInFlight` record.
  var effectsInFlight: [String]?
  /// What replay accepted where it diverged from the journal: a `divergenceAccepted` record.
  var divergenceAccepted: String? = nil
  /// The data version of the application that wrote the record, when it is not this build's: its
  /// action was migrated before it was replayed.
  var version: Int?

  private enum CodingKeys: String, CodingKey {
    case sequence, time, action, changes, endedEffect, outputOf, effectsInFlight, divergenceAccepted, version
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sequence, forKey: .sequence)
    try container.encode(timeText, forKey: .time)
    try container.encode(action, forKey: .action)
    try container.encode(changes, forKey: .changes)
    try container.encodeIfPresent(endedEffect, forKey: .endedEffect)
    try container.encodeIfPresent(outputOf, forKey: .outputOf)
    try container.encodeIfPresent(effectsInFlight, forKey: .effectsInFlight)
    try container.encodeIfPresent(divergenceAccepted, forKey: .divergenceAccepted)
    try container.encodeIfPresent(version, forKey: .version)
  }

  /// When it was journaled, in ISO 8601 with milliseconds, in UTC: `2026-11-23T21:52:53.414Z`.
  var timeText: String {
    Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(time)
  }

  /// The changes on one line: the first, and how many more; then the effect whose output it is,
  /// the effect it ended, the effects in flight at a snapshot and the older version that wrote
  /// the record, if any.
  var summary: String {
    let effects = [
      outputOf.map { "output of effect \($0)" },
      endedEffect.map { "effect \($0) ended" },
      effectsInFlight.map { "in flight at the snapshot: \($0.joined(separator: ", "))" },
      divergenceAccepted,
      version.map { "written by data version \($0)" },
    ].compactMap { $0 }
    let notes = effects.isEmpty ? nil : effects.joined(separator: "; ")
    guard let first = changes.first else { return notes ?? "(no change)" }
    let summary = changes.count == 1 ? first : "\(first) (+\(changes.count - 1) more)"
    return notes.map { "\(summary); \($0)" } ?? summary
  }
}
