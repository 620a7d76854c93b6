import SwitchyardRuntime

extension EffectIdentity {
  /// The fields of a log event about this effect: the journal sequence of the action that made it
  /// and its index among that action's remote effects.
  var logFields: [LogField] {
    [.integer("action_sequence", action), .integer("effect_index", index)]
  }
}
