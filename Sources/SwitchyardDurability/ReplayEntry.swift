import ComposableArchitecture
import SwitchyardWire

/// What replay reads from a record in one pass (proto/JOURNAL.md, "Payloads"): an action with its
/// recording, the effect whose output it is and the effect whose end it reports; or an effect's
/// event, which the replayed effect turns into the action; or a record of another kind, named by
/// its key.
///
/// Read from the record's parse member by member, each decoded where it lies: a `Decodable`
/// envelope generic over the action looked its own types up at run time for every record. For the
/// same reason no type it uses is nested in it, which would make that type generic too.
struct ReplayEntry<Action: Decodable> {
  var action: Action?
  var dependencies: DependencyRecording?
  /// The effect whose output the action is; absent from records of older versions.
  var outputOf: EffectIdentity?
  /// The effect whose last event the action is.
  var ended: EffectIdentity?
  /// The effect whose event the record holds instead of an action.
  var effectEvent: RecordedEffectEvent?
  /// An effect's end with no action of its own.
  var effectEnded: EffectIdentity?
  /// The effects in flight when a snapshot was taken.
  var effectsInFlight: EffectsInFlightPayload?
  /// The digest of the state after the record before.
  var stateDigest: StateDigest?
  /// The effects the action's reduction returned, `[]` for none: present on records that hold a
  /// state digest, absent from the others and from those older versions wrote.
  var effects: [RecordedEffect]?
  /// The record's kind: its first key.
  var kind: String

  /// What the record whose payload is `bytes` holds.
  init(parsing bytes: [UInt8]) throws {
    try self.init(RawJSON(parsing: bytes))
  }

  /// What the record whose payload is `record` holds, its action read by `readAction` when given
  /// (which migrates it, returning `nil` for one a migration dropped). Throws `DecodingError` when
  /// it is no object, or a member does not decode; the path of a failure inside the action starts
  /// at the action.
  init(_ record: RawJSON, readAction: ((RawJSON) throws -> Action?)? = nil) throws {
    guard record.isObject else {
      throw DecodingError.typeMismatch(
        [String: Any].self, DecodingError.Context(codingPath: [], debugDescription: "a record's payload is a JSON object"))
    }
    var dropped = false
    if let readAction, let raw = record[member: "action"], !raw.isNull {
      action = try readAction(raw)
      dropped = action == nil
    } else {
      action = try member("action", of: record)
    }
    dependencies = try member("dependencies", of: record)
    outputOf = try identity("outputOf", of: record)
    ended = try identity("ended", of: record)
    if let effect = try identity("effectEvent", of: record) {
      guard let event = record[member: "event"], event.isObject else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: [], debugDescription: "an effect event record holds its event as an object"))
      }
      effectEvent = RecordedEffectEvent(effect: effect, event: event, isEnd: event[member: "output"] == nil)
    }
    effectEnded = try identity("effectEnded", of: record)
    effectsInFlight = try member("effectsInFlight", of: record)
    stateDigest = try member("stateDigest", of: record)
    effects = try member("effects", of: record)
    kind = action != nil ? "action" : dropped ? MigrationChain.droppedKind : record.firstKey ?? ""
  }
}

/// A remote effect's event that a record holds instead of the action it became, and whether it is
/// the effect's last.
struct RecordedEffectEvent {
  var effect: EffectIdentity
  var event: RawJSON
  var isEnd: Bool
}

/// `{"snapshot":S,"effects":[…]}`: the remote effects in flight when a snapshot was taken.
struct EffectsInFlightPayload: Decodable {
  var snapshot: UInt64
  var effects: [EffectIdentity]

  private enum CodingKeys: String, CodingKey {
    case snapshot, effects
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    snapshot = try container.decode(UInt64.self, forKey: .snapshot)
    effects = try container.decode([IdentityPayload].self, forKey: .effects).map(\.identity)
  }
}

/// `{"action":N,"index":I}`, how records name an effect.
private struct IdentityPayload: Decodable {
  var action: UInt64
  var index: Int
  var identity: EffectIdentity { EffectIdentity(action: action, index: index) }
}

/// The member `key` of `record` as a `Value`; `nil` when absent or `null`.
private func member<Value: Decodable>(_ key: String, of record: RawJSON) throws -> Value? {
  guard let value = record[member: key], !value.isNull else { return nil }
  return try value.decode(Value.self)
}

/// The effect the member `key` of `record` names; `nil` when absent or `null`.
private func identity(_ key: String, of record: RawJSON) throws -> EffectIdentity? {
  try member(key, of: record).map { (payload: IdentityPayload) in payload.identity }
}
