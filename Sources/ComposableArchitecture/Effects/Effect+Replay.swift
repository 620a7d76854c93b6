extension Effect {
  /// Hands `sink` to every ``handled(replay:start:)`` effect in this one, through this effect's
  /// maps, running nothing.
  ///
  /// How a replay learns what a remote effect's later events become as root actions: the journal
  /// holds such an event as the effect's identity and the event alone, not as the action.
  package func replayHandled(sendingTo sink: @escaping @Sendable (Action) -> Void) {
    switch operation {
    case .none, .send, .run, .cancel:
      return
    case let .handled(handled):
      handled.replay?(sink)
    case let .merge(effects), let .concatenate(effects):
      for effect in effects { effect.replayHandled(sendingTo: sink) }
    case let .cancellable(_, _, effect), let .tracked(effect, _):
      effect.replayHandled(sendingTo: sink)
    }
  }
}
