import ComposableArchitecture
import SwitchyardWire

/// What replay reads from a record in one pass (proto/JOURNAL.md, "Payloads"): an action with its
/// recording, the effect whose output it is and the effect whose end it reports; or an effect's
/// event, which the replayed effect turns into the action; or a record of another kind, named by
/// its key.
///
/// Read from the record's parse member by member, each decoded where it lies: a `Decodable`
/// envelope generic over the action looked its own types up at run time for every record.
struct ReplayEntry<Action: Decodable> {
  var action: Action?
  var dependencies: DependencyRecording?
  /// The effect whose output the action is; absent from records of older versions.
  var outputOf: Identity?
  /// The effect whose last event the action is.
  var ended: Identity?
  /// The effect whose event the record holds instead of an action, the event, and whether it is
  /// the effect's last.
  var effectEvent: (effect: EffectIdentity, event: RawJSON, isEnd: Bool)?
  /// An effect's end with no action of its own.
  var effectEnded: Identity?
  /// The effects in flight when a snapshot was taken.
  var effectsInFlight: EffectsInFlight?
  /// The digest of the state after the record before.
  var stateDigest: StateDigest?
  /// The effects the action's reduction returned, `[]` for none: present on records that hold a
  /// state digest, absent from the others and from those older versions wrote.
  var effects: [RecordedEffect]?
  /// The record's kind: its first key.
  var kind: String

  /// `{"snapshot":S,"effects":[…]}`.
  struct EffectsInFlight: Decodable {
    var snapshot: UInt64
    var effects: [Identity]
  }

  /// `{"action":N,"index":I}`.
  struct Identity: Decodable {
    var action: UInt64
    var index: Int
    var identity: EffectIdentity { EffectIdentity(action: action, index: index) }
  }

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
      action = try Self.member("action", of: record)
    }
    dependencies = try Self.member("dependencies", of: record)
    outputOf = try Self.member("outputOf", of: record)
    ended = try Self.member("ended", of: record)
    if let effect: Identity = try Self.member("effectEvent", of: record) {
      guard let event = record[member: "event"], event.isObject else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: [], debugDescription: "an effect event record holds its event as an object"))
      }
      effectEvent = (effect.identity, event, event[member: "output"] == nil)
    }
    effectEnded = try Self.member("effectEnded", of: record)
    effectsInFlight = try Self.member("effectsInFlight", of: record)
    stateDigest = try Self.member("stateDigest", of: record)
    effects = try Self.member("effects", of: record)
    kind = action != nil ? "action" : dropped ? MigrationChain.droppedKind : record.firstKey ?? ""
  }

  /// The member `key` of `record` as a `Value`; `nil` when absent or `null`.
  private static func member<Value: Decodable>(_ key: String, of record: RawJSON) throws -> Value? {
    guard let value = record[member: key], !value.isNull else { return nil }
    return try value.decode(Value.self)
  }
}
