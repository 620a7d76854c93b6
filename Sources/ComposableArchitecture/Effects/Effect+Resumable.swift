extension Effect {
  /// What of this effect a store restarted from a record of its actions starts again: its
  /// ``handled(_:)`` effects, under the same merges, concatenations and cancellation ids.
  ///
  /// Sends, runs and cancels are left out: the actions they sent were recorded on their own and
  /// are replayed as such, and what they did is done. A handled effect reports from elsewhere (a
  /// remote job), so its start closure can decide at restart whether it still has work to do.
  package var resumable: Self {
    switch operation {
    case .none, .send, .run, .cancel:
      return .none
    case .handled:
      return self
    case let .merge(effects):
      return .merge(effects.map(\.resumable))
    case let .concatenate(effects):
      return .concatenate(effects.map(\.resumable))
    case let .cancellable(id, cancelInFlight, effect):
      let inner = effect.resumable
      return inner.isNone ? .none : Self(operation: .cancellable(id: id, cancelInFlight: cancelInFlight, inner))
    case let .tracked(effect, _):
      return effect.resumable
    }
  }
}
