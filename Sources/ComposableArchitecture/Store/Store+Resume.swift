extension Store {
  /// Starts `effect` as if reducing `origin` had just returned it, without reducing anything: how
  /// a store restarted from a journal starts again the effects that were in flight when it stopped.
  ///
  /// Only a root store runs effects of its own; a scoped store ignores the call.
  @discardableResult
  package func resume(_ effect: Effect<Action>, origin: Action) -> StoreTask {
    StoreTask(tasks: (core as? RootCore<State, Action>)?.resume(effect, origin: origin))
  }
}
