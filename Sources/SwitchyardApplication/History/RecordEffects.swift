import SwitchyardJournal

/// The remote effects a journal record names (proto/JOURNAL.md, "Effect records"), each as
/// `action#index`, read from one parse of its payload.
struct RecordEffects {
  /// The effect whose end the record reports: an action's `ended` member, an `effectEnded`
  /// record, or an effect's last event.
  var ended: String?
  /// The effect whose output the record is: an action's `outputOf` member, or an effect's output
  /// event.
  var outputOf: String?
  /// The effects an `effectsInFlight` record lists.
  var inFlight: [String]?

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
  }

  /// A record's `{"action":N,"index":I}` as `N#I`, how history names an effect.
  private static func name(_ value: JSONValue) -> String? {
    guard let identity = value.objectValue, let action = identity["action"]?.int64Value, let index = identity["index"]?.int64Value
    else { return nil }
    return "\(action)#\(index)"
  }
}
