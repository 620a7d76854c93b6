/// Runs a child reducer on a part of the parent's state, for the child's actions only.
///
/// The part can be a property (`Scope(state: \.todos, action: \.todos)`) or one case of an enum
/// (`Scope(state: \.detail, action: \.detail)` where `State` is an enum). Place it before the
/// parent's `Reduce` so the parent sees the child's changes.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline
  enum StatePath {
    /// A property; `offset` is its byte offset when it is stored inline, so it can be reduced in
    /// place without going through the key path's runtime projection.
    case keyPath(WritableKeyPath<ParentState, Child.State>, offset: Int?)
    case casePath(AnyCasePath<ParentState, Child.State>, CallSite)
  }

  @usableFromInline
  let toChildState: StatePath
  @usableFromInline
  let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline
  let child: ResolvedReducer<Child>

  /// Scopes onto a property of the parent's state.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: AnyCasePath(toChildAction), child: child)
  }

  /// Scopes onto a property of the parent's state, unlabelled as TCA also allows:
  /// `Scope(\.counter, action: \.counter) { Counter() }`.
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: AnyCasePath(toChildAction), child: child)
  }

  /// Scopes onto a property of the parent's state with a case path, the pre-1.0 form.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState, offset: MemoryLayout<ParentState>.offset(of: toChildState))
    self.toChildAction = toChildAction
    self.child = ResolvedReducer(child())
  }

  /// Scopes onto one case of an enum state.
  ///
  /// A child action that arrives while the state is another case is reported, not reduced.
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: AnyCasePath(toChildState), action: AnyCasePath(toChildAction), child: child,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Scopes onto one case of an enum state with case paths: `Scope(state: /State.detail, action: /Action.detail)`.
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(
      toChildState, CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    self.toChildAction = toChildAction
    self.child = ResolvedReducer(child())
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    switch toChildState {
    case let .keyPath(_, offset?):
      let effect = withUnsafeMutablePointer(to: &state) { parent in
        let childState = UnsafeMutableRawPointer(parent).advanced(by: offset).assumingMemoryBound(to: Child.State.self)
        return child.reduce(into: &childState.pointee, action: childAction)
      }
      return effect.map(toChildAction.embed)
    case let .keyPath(keyPath, nil):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction)
        .map(toChildAction.embed)
    case let .casePath(casePath, location):
      guard var childState = casePath.extract(from: state) else {
        reportStateMismatch(parentAction: action, state: state, location: location)
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.map(toChildAction.embed)
    }
  }

  @usableFromInline
  func reportStateMismatch(parentAction: ParentAction, state: ParentState, location: CallSite) {
    reportIssue(NavigationMessage.scopeActionForOtherCase(parentAction, state: state, location: location), location: location)
  }
}
