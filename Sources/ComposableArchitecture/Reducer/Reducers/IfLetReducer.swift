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
      isIdentified: Wrapped.State.self is any Identifiable.Type,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// Runs no child on optional alert or dialog state, only dismissing it once it sends an action:
  /// `.ifLet(\.alert, action: \.alert)`.
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    ifLet(toWrappedState, action: AnyCasePath(toWrappedAction), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs no child on optional alert or dialog state, with a case path: TCA's form before case key
  /// paths, `.ifLet(\.alert, action: /Action.alert)`.
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    ifLet(
      toWrappedState, action: toWrappedAction, then: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// The reducer built by ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
///
/// A child whose state is `Identifiable` is a different child when its id changes: the old one's
/// effects are cancelled then, as when the state becomes `nil`.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: ResolvedReducer<Parent>
  let child: ResolvedReducer<Child>
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  /// Whether the child's identity is read from its state; decided once, so other children pay nothing.
  let isIdentified: Bool
  let location: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let before = Presence(state[keyPath: toChildState], isIdentified: isIdentified)
    let parentEffects = parent.reduce(into: &state, action: action)
    var after = Presence(state[keyPath: toChildState], isIdentified: isIdentified)
    // An alert or dialog goes once it has sent its action, unless the parent replaced it.
    if after != .absent, after == before, let childAction = toChildAction.extract(from: action),
      let childState = state[keyPath: toChildState], isEphemeral(childState, sending: childAction)
    {
      state[keyPath: toChildState] = nil
      after = .absent
    }
    guard before != .absent, before != after else {
      return childEffects.merge(with: parentEffects)
    }
    return .merge(childEffects, parentEffects, .cancel(id: navigationID(for: before)))
  }

  /// Whether a child is there, and for an identified child which one: read twice per action, so
  /// an unidentified child costs a `nil` check.
  private enum Presence: Equatable {
    case absent
    case present
    case identified(PresentedID)

    init(_ childState: Child.State?, isIdentified: Bool) {
      guard let childState else {
        self = .absent
        return
      }
      self = isIdentified ? .identified(PresentedID(childState)) : .present
    }
  }

  /// The id a child's effects run under: the key path, and for an identified child its identity.
  private func navigationID(for presence: Presence) -> NavigationID {
    guard case let .identified(id) = presence else { return NavigationID(keyPath: toChildState) }
    return NavigationID(keyPath: toChildState, elementID: id)
  }

  private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let presence = Presence(state[keyPath: toChildState], isIdentified: isIdentified)
    guard presence != .absent else {
      reportIssue(NavigationMessage.childActionWithoutState(action, location: location), location: location)
      return .none
    }
    let id = navigationID(for: presence)
    let toChildAction = self.toChildAction
    return DependencyValues.withNavigationID(id) {
      child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
    }
    .map(toChildAction.embed)
    .cancellable(id: id)
  }
}
