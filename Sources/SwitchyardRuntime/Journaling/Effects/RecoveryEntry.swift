import ComposableArchitecture

/// What recovery reads from a record in one pass: the action with its recording, the effect whose
/// output it is and the effect whose end it reports, or an effect's end recorded on its own; other
/// kinds hold neither.
struct RecoveryEntry<Action: Decodable>: Decodable {
  var action: Action?
  var dependencies: DependencyRecording?
  /// The effect whose output the action is; absent from records of older versions.
  var outputOf: Identity?
  /// The effect whose last event the action is.
  var ended: Identity?
  /// An effect's end with no action of its own.
  var effectEnded: Identity?
  /// The effects in flight when a snapshot was taken.
  var effectsInFlight: EffectsInFlight?

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
}
