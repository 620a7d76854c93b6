import SwitchyardWire

/// What a page can ask of the coordinator, as closures run on the main actor, so that the
/// server's code is not generic over the reducer.
struct InspectorEndpoints: Sendable {
  /// The coordinator's, pools' and workers' status.
  var status: @MainActor @Sendable () -> StatusReport
  /// The latest sequence number and the state it left, encoded.
  var currentState: @MainActor @Sendable () throws -> (sequence: UInt64, bytes: [UInt8])
  /// Decodes and sends an action; throws an error naming where the JSON does not fit.
  var send: @MainActor @Sendable (JSONValue) throws -> Void
  /// Resizes one pool.
  var scale: @MainActor @Sendable (_ pool: String, _ size: Int) throws -> Void
  /// Past states, for the slider and diffs.
  var history: any HistorySource
  /// The history's capacity as the page shows it; 0 when unknown (a journal).
  var historyCapacity: Int
  /// The most changes one diff lists.
  var maxDiffChanges: Int
  /// The latest effects' and the latest failed effects' lives, newest first, as list rows.
  var effects: @MainActor @Sendable () -> (recent: [EffectLife.Summary], failed: [EffectLife.Summary]) = { ([], []) }
  /// One effect's life, if it is still kept.
  var effect: @MainActor @Sendable (UInt64) -> EffectLife? = { _ in nil }
  /// Replays on copies for "what if"; `nil` when the inspector was not given the reducer.
  var whatIf: WhatIfReplay?
}
