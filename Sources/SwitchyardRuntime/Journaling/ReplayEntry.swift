import ComposableArchitecture
import SwitchyardWire

/// What replay reads from a record in one pass (proto/JOURNAL.md, "Payloads"): an action with its
/// recording, the effect whose output it is and the effect whose end it reports; or an effect's
/// event, which the replayed effect turns into the action; or a record of another kind, named by
/// its key.
struct ReplayEntry<Action: Decodable>: Decodable {
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
  /// The effects the action's reduction returned; absent when it returned none, and from records
  /// of older versions.
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

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    kind = container.allKeys.first?.stringValue ?? ""
    action = try container.decodeIfPresent(Action.self, forKey: .action)
    dependencies = try container.decodeIfPresent(DependencyRecording.self, forKey: .dependencies)
    outputOf = try container.decodeIfPresent(Identity.self, forKey: .outputOf)
    ended = try container.decodeIfPresent(Identity.self, forKey: .ended)
    if let effect = try container.decodeIfPresent(Identity.self, forKey: .effectEvent) {
      let isOutput = try container.nestedContainer(keyedBy: Key.self, forKey: .event).contains(.output)
      effectEvent = (effect.identity, try container.decode(RawJSON.self, forKey: .event), !isOutput)
    }
    effectEnded = try container.decodeIfPresent(Identity.self, forKey: .effectEnded)
    effectsInFlight = try container.decodeIfPresent(EffectsInFlight.self, forKey: .effectsInFlight)
    stateDigest = try container.decodeIfPresent(StateDigest.self, forKey: .stateDigest)
    effects = try container.decodeIfPresent([RecordedEffect].self, forKey: .effects)
  }
}

/// A payload's keys, any name a record holds: the first names its kind.
private struct Key: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }

  static let action = Key(stringValue: "action")
  static let dependencies = Key(stringValue: "dependencies")
  static let outputOf = Key(stringValue: "outputOf")
  static let ended = Key(stringValue: "ended")
  static let effectEvent = Key(stringValue: "effectEvent")
  static let event = Key(stringValue: "event")
  static let output = Key(stringValue: "output")
  static let effectEnded = Key(stringValue: "effectEnded")
  static let effectsInFlight = Key(stringValue: "effectsInFlight")
  static let stateDigest = Key(stringValue: "stateDigest")
  static let effects = Key(stringValue: "effects")
}
