extension Reducer {
  /// Runs an element reducer on each element of a navigation stack, before this reducer.
  ///
  /// It reduces `.element(id:action:)` on that element, pops on `.popFrom(id:)` and pushes on
  /// `.push(id:state:)` after this reducer has seen them, and cancels the effects of every element
  /// that leaves the stack. Elements can dismiss themselves with ``DismissEffect``. An action for an
  /// element that is not on the stack is reported, not reduced.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    forEach(
      toStackState, action: AnyCasePath(toStackAction), destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs an element reducer on each element of a navigation stack, with a case path for the
  /// stack's actions: `.forEach(\.path, action: /Action.path) { Path() }`.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackReducer(
      parent: ResolvedReducer(self),
      destination: ResolvedReducer(destination()),
      toStackState: toStackState,
      toStackAction: toStackAction,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer built by ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
public struct _StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  typealias Stack = StackState<Destination.State>

  let parent: ResolvedReducer<Parent>
  let destination: ResolvedReducer<Destination>
  let toStackState: WritableKeyPath<Parent.State, Stack>
  let toStackAction: AnyCasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  let location: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let stackBefore = state[keyPath: toStackState]
    let stackAction = toStackAction.extract(from: action)
    var elementEffects = Effect<Parent.Action>.none
    switch stackAction {
    case let .element(id, elementAction)?:
      elementEffects = reduceElement(id: id, action: elementAction, state: &state)
    case let .popFrom(id)? where stackBefore[id: id] == nil:
      reportIssue(
        NavigationMessage.popFromMissing(id: id, ids: stackBefore.ids, location: location), location: location
      )
    case let .push(id, elementState)?:
      // As in TCA, the parent sees a push after it happened and a pop before it happens.
      push(elementState, id: id, into: &state[keyPath: toStackState])
    case .popFrom?, nil:
      break
    }

    let parentEffects = parent.reduce(into: &state, action: action)

    if case let .popFrom(id)? = stackAction {
      state[keyPath: toStackState].popFrom(id: id)
    }

    let stackAfter = state[keyPath: toStackState]
    guard stackAfter.lineage != stackBefore.lineage || stackAfter.ids != stackBefore.mounted else {
      return elementEffects.merge(with: parentEffects)
    }
    // Whatever was mounted, or reduced in this pass, and is not on the stack now, is gone.
    var gone = Set(stackBefore.mounted).union(stackBefore.ids)
    if stackAfter.lineage == stackBefore.lineage { gone.subtract(stackAfter.ids) }
    state[keyPath: toStackState].mounted = stackAfter.ids
    let cancellations = gone.sorted().map {
      Effect<Parent.Action>.cancel(id: NavigationID(keyPath: toStackState, elementID: $0))
    }
    return .merge([elementEffects, parentEffects] + cancellations)
  }

  private func reduceElement(
    id: StackElementID,
    action elementAction: Destination.Action,
    state: inout Parent.State
  ) -> Effect<Parent.Action> {
    guard state[keyPath: toStackState][id: id] != nil else {
      reportIssue(
        NavigationMessage.elementActionWithoutState(elementAction, isStack: true, location: location),
        location: location
      )
      return .none
    }
    let navigationID = NavigationID(keyPath: toStackState, elementID: id)
    let toStackAction = self.toStackAction
    return DependencyValues.withNavigationID(navigationID) {
      destination.reduce(into: &state[keyPath: toStackState][id: id]!, action: elementAction)
    }
    .map { toStackAction.embed(.element(id: id, action: $0)) }
    .dismissing { toStackAction.embed(.popFrom(id: id)) }
    .cancellable(id: navigationID)
  }

  /// Pushes under any id not on the stack; in a test, an id past the stack's next one is reported,
  /// as TCA reports one past its generator's, but still pushed.
  private func push(_ elementState: Destination.State, id: StackElementID, into stack: inout Stack) {
    guard stack[id: id] == nil else {
      reportIssue(NavigationMessage.pushExisting(id: id, ids: stack.ids, location: location), location: location)
      return
    }
    if id.generation > stack.nextGeneration, DependencyValues._current.context == .test {
      reportIssue(
        NavigationMessage.pushUnexpectedGeneration(
          id: id, expected: StackElementID(generation: stack.nextGeneration), location: location
        ),
        location: location
      )
    }
    stack[id: id] = elementState
  }
}
