extension Reducer {
  /// Logs each action this reducer receives and a diff of the state change it made.
  ///
  /// For debugging only: rendering the diff costs far more than most reducers.
  public func _printChanges(
    to output: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: ResolvedReducer(self), output: output)
  }
}

/// The reducer built by ``Reducer/_printChanges(to:)``.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: ResolvedReducer<Base>
  let output: @Sendable (String) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let previous = state
    let effect = base.reduce(into: &state, action: action)
    let change = diff(previous, state).map { "\n" + $0 } ?? "\n  (No state changes)"
    output("received action:\n\(customDump(action).indenting(by: 2))\(change)")
    return effect
  }
}
