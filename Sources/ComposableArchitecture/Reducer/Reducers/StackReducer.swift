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
      report("received a \"popFrom\" action for a missing element.", id: id)
    case .popFrom?, .push?, nil:
      break
    }

    let parentEffects = parent.reduce(into: &state, action: action)

    // The parent sees a pop or push before it happens, as it would a tap on a back button.
    switch stackAction {
    case let .popFrom(id)?:
      state[keyPath: toStackState].popFrom(id: id)
    case let .push(id, elementState)?:
      push(elementState, id: id, into: &state[keyPath: toStackState])
    case .element?, nil:
      break
    }

    let stackAfter = state[keyPath: toStackState]
    let removed: [StackElementID]
    if stackAfter.lineage != stackBefore.lineage {
      removed = stackBefore.ids
    } else if stackAfter.ids != stackBefore.ids {
      let remaining = Set(stackAfter.ids)
      removed = stackBefore.ids.filter { !remaining.contains($0) }
    } else {
      removed = []
    }
    let cancellations = removed.map {
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
      report(
        """
        received an action for a missing element.
          Action: \(elementAction)
        The element was probably popped before an effect of its finished; its effects are cancelled \
        when it is popped, so look for an action sent from outside.
        """,
        id: id
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

  private func push(_ elementState: Destination.State, id: StackElementID, into stack: inout Stack) {
    guard id.generation >= stack.nextGeneration else {
      report(
        """
        received a "push" action for an id the stack has already handed out. Push under the \
        stack's next id, "StackElementID(generation: \(stack.nextGeneration))", so that ids are \
        never reused.
        """,
        id: id
      )
      return
    }
    stack[id: id] = elementState
  }

  private func report(_ problem: String, id: StackElementID) {
    reportIssue(
      """
      A "forEach" at "\(location.fileID):\(location.line)" \(problem)
        ID: \(id)
      """,
      location: location
    )
  }
}
