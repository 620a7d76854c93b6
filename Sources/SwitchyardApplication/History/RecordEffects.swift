import SwitchyardJournal

/// The remote effects a journal record names (proto/JOURNAL.md, "Effect records"), each as
/// `action#index`, and what a divergence it records accepted, read from one parse of its payload.
struct RecordEffects {
  /// The effect whose end the record reports: an action's `ended` member, an `effectEnded`
  /// record, or an effect's last event.
  var ended: String?
  /// The effect whose output the record is: an action's `outputOf` member, or an effect's output
  /// event.
  var outputOf: String?
  /// The effects an `effectsInFlight` record lists.
  var inFlight: [String]?
  /// What a `divergenceAccepted` record says was accepted, in a few words.
  var divergenceAccepted: String?

  init(_ record: JournalRecord) throws {
    let payload = try WireJSONDecoder().parse(record.payload).objectValue ?? [:]
    var eventOf: (effect: String?, isOutput: Bool)?
    if let effect = payload["effectEvent"], let event = payload["event"]?.objectValue {
      eventOf = (Self.name(effect), event["output"] != nil)
    }
    ended = payload["ended"].flatMap(Self.name) ?? payload["effectEnded"].flatMap(Self.name)
      ?? (eventOf?.isOutput == false ? eventOf?.effect : nil)
    outputOf = payload["outputOf"].flatMap(Self.name) ?? (eventOf?.isOutput == true ? eventOf?.effect : nil)
    inFlight = payload["effectsInFlight"]?.objectValue?["effects"]?.arrayValue?.compactMap(Self.name)
    divergenceAccepted = payload["divergenceAccepted"]?.objectValue.map(Self.accepted)
  }

  /// `accepted 2 divergences of replay through version 1, the first: effects of record 5 (counted)`.
  private static func accepted(_ record: [String: JSONValue]) -> String {
    let count = record["count"]?.int64Value ?? 0
    let build = record["build"]?.int64Value.map { " through version \($0)" } ?? ""
    let accepted = "accepted \(count) divergence\(count == 1 ? "" : "s") of replay\(build)"
    guard let first = record["divergences"]?.arrayValue?.first?.objectValue else { return accepted }
    let kind = first["kind"]?.stringValue ?? "?"
    let actions = (first["actions"]?.arrayValue ?? []).compactMap(\.objectValue).map {
      "\($0["sequence"]?.int64Value ?? 0) (\($0["action"]?.stringValue ?? "?"))"
    }
    return "\(accepted), the first: \(kind) of record\(actions.count == 1 ? "" : "s") \(actions.joined(separator: ", "))"
  }

  /// A record's `{"action":N,"index":I}` as `N#I`, how history names an effect.
  private static func name(_ value: JSONValue) -> String? {
    guard let identity = value.objectValue, let action = identity["action"]?.int64Value, let index = identity["index"]?.int64Value
    else { return nil }
    return "\(action)#\(index)"
  }
}
