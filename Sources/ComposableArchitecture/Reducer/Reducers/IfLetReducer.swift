extension Reducer {
  /// Runs a child reducer on optional child state while it is non-`nil`, before this reducer.
  ///
  /// When this reducer sets the child state to `nil`, the child's effects are cancelled. A child
  /// action that arrives while the state is `nil` is reported, not reduced.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped> where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    ifLet(
      toWrappedState, action: AnyCasePath(toWrappedAction), then: wrapped,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs a child reducer on optional child state, with a case path for the child's actions.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped> where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: ResolvedReducer(self),
      child: ResolvedReducer(wrapped()),
      toChildState: toWrappedState,
      toChildAction: toWrappedAction,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer built by ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: ResolvedReducer<Parent>
  let child: ResolvedReducer<Child>
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let location: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let wasPresent = state[keyPath: toChildState] != nil
    let parentEffects = parent.reduce(into: &state, action: action)
    guard wasPresent, state[keyPath: toChildState] == nil else {
      return .merge(childEffects, parentEffects)
    }
    return .merge(childEffects, parentEffects, .cancel(id: NavigationID(keyPath: toChildState)))
  }

  private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard state[keyPath: toChildState] != nil else {
      reportIssue(
        """
        An "ifLet" at "\(location.fileID):\(location.line)" received a child action when child state \
        was "nil".
          Action: \(childAction)
        The child was probably dismissed before an effect of its finished; its effects are cancelled \
        on dismissal, so look for an action sent from outside.
        """,
        location: location
      )
      return .none
    }
    let id = NavigationID(keyPath: toChildState)
    let toChildAction = self.toChildAction
    return DependencyValues.withNavigationID(id) {
      child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
    }
    .map(toChildAction.embed)
    .cancellable(id: id)
  }
}
