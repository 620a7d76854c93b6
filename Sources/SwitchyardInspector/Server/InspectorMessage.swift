import SwitchyardWire

/// What the inspector sends a page, as JSON with a `type` member naming the case.
enum InspectorMessage: Encodable {
  /// Pools, workers and the coordinator, sent every status interval.
  case status(StatusReport, clients: Int, historyCapacity: Int)
  /// Actions reduced since the last batch, oldest first; `skipped` counts those left out.
  case actions([ActionEntry], skipped: Int)
  /// A state from history.
  case state(id: Int64?, HistoricState, live: Bool)
  /// The live state, already encoded: sent as it is, never parsed and encoded again per page.
  case liveState(id: Int64?, sequence: UInt64, json: [UInt8])
  /// The changes between two states; `action` is set for the diff an action caused.
  case diff(id: Int64?, from: UInt64, to: UInt64, action: UInt64?, JSONDiff)
  /// The states history holds: their sequence numbers, or the range of them for a journal.
  case history(id: Int64?, RetainedStates)
  /// The latest effects and failed effects, newest first.
  case effects(id: Int64?, recent: [EffectLife.Summary], failed: [EffectLife.Summary])
  /// One effect's life.
  case effect(id: Int64?, EffectLife)
  /// Points for the graphs, oldest first: all that are kept to a page that opens, then each new one.
  case samples([StatusSample])
  /// What a replay with action `sequence` edited or left out changed, against the replay of the
  /// actions as they were: from the state after `from`, `replayed` actions through `through`.
  case whatIf(id: Int64?, from: UInt64, sequence: UInt64, through: UInt64, replayed: Int, JSONDiff)
  /// A request that changed something (send, scale) succeeded.
  case done(id: Int64?, request: String)
  /// A request failed; `message` says why, for a person.
  case error(id: Int64?, message: String)

  private enum Key: String, CodingKey {
    case type, id, status, clients, historyCapacity, entries, skipped, sequence, state, live, from, to, action
    case changes, truncated, sequences, oldest, latest, request, message, recent, failed, life, samples, through, replayed
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    switch self {
    case let .status(report, clients, capacity):
      try container.encode("status", forKey: .type)
      try container.encode(report, forKey: .status)
      try container.encode(clients, forKey: .clients)
      try container.encode(capacity, forKey: .historyCapacity)
    case let .actions(entries, skipped):
      try container.encode("actions", forKey: .type)
      try container.encode(entries, forKey: .entries)
      try container.encode(skipped, forKey: .skipped)
    case let .state(id, historic, live):
      try container.encode("state", forKey: .type)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(historic.sequence, forKey: .sequence)
      try container.encode(historic.state, forKey: .state)
      try container.encode(live, forKey: .live)
    case let .liveState(id, sequence, json):
      try container.encode("state", forKey: .type)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(sequence, forKey: .sequence)
      try container.encode(try WireJSONDecoder().parse(json), forKey: .state)
      try container.encode(true, forKey: .live)
    case let .diff(id, from, to, action, diff):
      try container.encode("diff", forKey: .type)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(from, forKey: .from)
      try container.encode(to, forKey: .to)
      try container.encodeIfPresent(action, forKey: .action)
      try container.encode(diff.changes, forKey: .changes)
      try container.encode(diff.truncated, forKey: .truncated)
    case let .history(id, retained):
      try container.encode("history", forKey: .type)
      try container.encodeIfPresent(id, forKey: .id)
      switch retained {
      case let .kept(sequences):
        try container.encode(sequences, forKey: .sequences)
      case let .every(range):
        try container.encode(range.lowerBound, forKey: .oldest)
        try container.encode(range.upperBound, forKey: .latest)
      }
    case let .effects(id, recent, failed):
      try container.encode("effects", forKey: .type)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(recent, forKey: .recent)
      try container.encode(failed, forKey: .failed)
    case let .effect(id, life):
      try container.encode("effect", forKey: .type)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(life, forKey: .life)
    case let .whatIf(id, from, sequence, through, replayed, diff):
      try container.encode("whatIf", forKey: .type)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(from, forKey: .from)
      try container.encode(sequence, forKey: .sequence)
      try container.encode(through, forKey: .through)
      try container.encode(replayed, forKey: .replayed)
      try container.encode(diff.changes, forKey: .changes)
      try container.encode(diff.truncated, forKey: .truncated)
    case let .samples(samples):
      try container.encode("samples", forKey: .type)
      try container.encode(samples, forKey: .samples)
    case let .done(id, request):
      try container.encode("done", forKey: .type)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(request, forKey: .request)
    case let .error(id, message):
      try container.encode("error", forKey: .type)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(message, forKey: .message)
    }
  }

  /// The id of the request this message answers, if it answers one that had an id.
  var requestID: Int64? {
    switch self {
    case .status, .actions, .samples:
      nil
    case let .state(id, _, _), let .liveState(id, _, _), let .diff(id, _, _, _, _), let .history(id, _), let .effects(id, _, _),
      let .effect(id, _), let .whatIf(id, _, _, _, _, _), let .done(id, _), let .error(id, _):
      id
    }
  }

  /// The message as the UTF-8 text of one WebSocket message.
  var bytes: [UInt8] {
    if case let .liveState(id, sequence, json) = self {
      let head = #"{"type":"state","live":true,"sequence":\#(sequence),"#
        + (id.map { #""id":\#($0),"# } ?? "") + #""state":"#
      return Array(head.utf8) + json + [UInt8(ascii: "}")]
    }
    // Every case is made of values that encode; a failure here is a bug, reported to the page.
    return (try? WireJSONEncoder().encode(self)) ?? Array(#"{"type":"error","message":"the inspector could not encode a message"}"#.utf8)
  }
}
