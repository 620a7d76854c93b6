extension Store {
  /// Calls `body` after each action this store reduces, with the state the action left and before
  /// its effects start; replaces any earlier `body`. Only a root store reduces: on a scoped store
  /// this does nothing.
  ///
  /// For a runtime that counts or records actions: a reducer added to the tree for it would be
  /// composed, and cost, on every action.
  package func onReduce(_ body: @escaping @MainActor (_ action: Action, _ state: State) -> Void) {
    (core as? RootCore<State, Action>)?.didReduce = body
  }

  /// Calls `body` before each action this store reduces; replaces any earlier `body`. With
  /// ``onReduce(_:)``, what times a reduction. Only a root store reduces.
  package func onWillReduce(_ body: @escaping @MainActor () -> Void) {
    (core as? RootCore<State, Action>)?.willReduce = body
  }

  /// Runs `body` with this store's dependencies in force, so the actions it sends are reduced
  /// without installing them one at a time: for a runtime that delivers a batch of events at once.
  /// Nothing in `body` may send to this store from under dependencies of its own.
  package func withDependencies(_ body: () -> Void) {
    guard let root = core as? RootCore<State, Action> else { return body() }
    root.withDependencies(body)
  }
}
