extension Store {
  /// A store focused on a child feature's state and actions, as handed to a child view.
  ///
  /// Scoped stores are cached: scoping twice with the same paths returns the same store.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let toChildAction = AnyCasePath(action)
    return cachedChild(ScopeID(state: state, action: action)) {
      Store<ChildState, ChildAction>(
        core: ScopedCore(parent: core, toState: { $0[keyPath: state] }, fromAction: toChildAction.embed)
      )
    }
  }

  /// A store focused on optional child state, or `nil` while that state is `nil`.
  ///
  /// This is the role of `IfLetStore`: show the child only while it exists.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = core.state[keyPath: state] else { return nil }
    let toChildAction = AnyCasePath(action)
    let lastValue = LastValue(initial)
    return Store<ChildState, ChildAction>(
      core: ScopedCore(
        parent: core,
        toState: { parentState in
          // After the child is dismissed, a lingering reference keeps seeing its last state.
          if let value = parentState[keyPath: state] { lastValue.value = value }
          return lastValue.value
        },
        fromAction: toChildAction.embed
      )
    )
  }

  /// A store focused with transform functions, the pre-1.0 form: `store.scope(state: \.settings, action: AppAction.settings)`.
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      core: ScopedCore(parent: core, toState: toChildState, fromAction: fromChildAction)
    )
  }
}

/// Identifies a scope by its paths, for the child store cache.
struct ScopeID: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
}

/// The last non-nil value of optional child state.
@MainActor
private final class LastValue<Value> {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}
