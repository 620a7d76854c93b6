extension Reducer {
  /// Runs a child reducer on one case of enum child state while the state is that case.
  ///
  /// When this reducer moves the state to another case, the child's effects are cancelled; for an
  /// `Identifiable` child, also when its `id` changes, since that is another child.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case> where CaseState == Case.State, CaseAction == Case.Action {
    _IfCaseLetReducer(
      parent: ResolvedReducer(self),
      child: ResolvedReducer(`case`()),
      toChildState: AnyCasePath(toCaseState),
      toChildAction: AnyCasePath(toCaseAction),
      navigationID: NavigationID(keyPath: toCaseState),
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// Runs a child reducer on one case of enum child state, with case paths: TCA's form before case
  /// key paths, `.ifCaseLet(/State.loggedIn, action: /Action.loggedIn) { LoggedIn() }`.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case> where CaseState == Case.State, CaseAction == Case.Action {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return _IfCaseLetReducer(
      parent: ResolvedReducer(self),
      child: ResolvedReducer(`case`()),
      toChildState: toCaseState,
      toChildAction: toCaseAction,
      navigationID: NavigationID(location: location),
      location: location
    )
  }
}

/// The reducer built by ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: ResolvedReducer<Parent>
  let child: ResolvedReducer<Child>
  let toChildState: AnyCasePath<Parent.State, Child.State>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let navigationID: NavigationID
  let location: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let before = toChildState.extract(from: state).map(childID(for:))
    let parentEffects = parent.reduce(into: &state, action: action)
    guard let before, before != toChildState.extract(from: state).map(childID(for:)) else {
      return .merge(childEffects, parentEffects)
    }
    return .merge(childEffects, parentEffects, .cancel(id: before))
  }

  /// The id the child's effects run under: for an `Identifiable` child, one per identity.
  private func childID(for childState: Child.State) -> NavigationID {
    guard Child.State.self is any Identifiable.Type else { return navigationID }
    return navigationID.identified(by: PresentedID(childState))
  }

  private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard var childState = toChildState.extract(from: state) else {
      reportIssue(NavigationMessage.caseActionWithoutState(action, state: state, location: location), location: location)
      return .none
    }
    let toChildAction = self.toChildAction
    let id = childID(for: childState)
    let effect = DependencyValues.withNavigationID(id) {
      child.reduce(into: &childState, action: childAction)
    }
    state = toChildState.embed(childState)
    return effect.map(toChildAction.embed).cancellable(id: id)
  }
}
