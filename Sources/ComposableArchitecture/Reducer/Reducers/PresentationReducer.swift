extension Reducer {
  /// Runs a child reducer on presented state while it is non-`nil`, before this reducer.
  ///
  /// `.dismiss` sets the state to `nil` after this reducer has seen it; an alert or dialog is also
  /// dismissed after any of its buttons' actions. When the child goes away — dismissed, set to `nil`
  /// by this reducer, or replaced by a different child — its effects are cancelled. The child can
  /// dismiss itself with ``DismissEffect``. A child action that arrives when nothing is presented is
  /// reported, not reduced.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    ifLet(
      toPresentationState, action: AnyCasePath(toPresentationAction), destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Presents state that has no reducer of its own, such as an alert: `.ifLet(\.$alert, action: \.alert)`.
  ///
  /// Button actions reach this reducer as `.alert(.presented(…))`, then the alert is dismissed.
  public func ifLet<DestinationState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: AnyCasePath(toPresentationAction), destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Presents state that has no reducer of its own, with a case path for its actions:
  /// `.ifLet(\.$alert, action: /Action.alert)`.
  public func ifLet<DestinationState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs a child reducer on presented state, with a case path for the child's actions.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      parent: ResolvedReducer(self),
      destination: ResolvedReducer(destination()),
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer built by ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``.
public struct _PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  let parent: ResolvedReducer<Parent>
  let destination: ResolvedReducer<Destination>
  let toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>
  let toPresentationAction: AnyCasePath<Parent.Action, PresentationAction<Destination.Action>>
  let location: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let initial = state[keyPath: toPresentationState]
    let before = initial.wrappedValue
    // Reflecting over the presented state costs a little on every action, but it is the only way to
    // notice one child replaced by another without asking `State` to be `Equatable`.
    let presentedBefore = before.map(PresentedID.init)
    let presentationAction = toPresentationAction.extract(from: action)
    var destinationEffects = Effect<Parent.Action>.none
    if let presentationAction {
      if let presentedBefore {
        if case let .presented(destinationAction) = presentationAction {
          destinationEffects = reduceDestination(destinationAction, id: presentedBefore, state: &state)
        }
      } else {
        reportIssue(NavigationMessage.presentationActionWithoutState(action, location: location), location: location)
      }
    }

    let parentEffects = parent.reduce(into: &state, action: action)

    // The parent sees `.dismiss` and an alert's button while the child is still presented; the child
    // then goes, unless the parent has presented a different one in the meantime.
    var presentedAfter = state[keyPath: toPresentationState].wrappedValue.map(PresentedID.init)
    if let presentedBefore, let presentationAction, presentedAfter == presentedBefore {
      switch presentationAction {
      case .dismiss:
        state[keyPath: toPresentationState].wrappedValue = nil
        presentedAfter = nil
      case let .presented(destinationAction) where before.map({ isEphemeral($0, sending: destinationAction) }) == true:
        state[keyPath: toPresentationState].wrappedValue = nil
        presentedAfter = nil
      case .presented:
        break
      }
    }

    // A child that is gone — whether this pass removed it or another reducer did since the last —
    // has its effects cancelled.
    var gone: [PresentedID] = []
    if let mounted = initial.presentedID, mounted != presentedAfter { gone.append(mounted) }
    if let presentedBefore, presentedBefore != presentedAfter, presentedBefore != initial.presentedID {
      gone.append(presentedBefore)
    }
    if initial.presentedID != presentedAfter {
      state[keyPath: toPresentationState].presentedID = presentedAfter
    }
    guard !gone.isEmpty else { return destinationEffects.merge(with: parentEffects) }
    return .merge(
      [destinationEffects, parentEffects]
        + gone.map { .cancel(id: NavigationID(keyPath: toPresentationState, elementID: $0)) }
    )
  }

  private func reduceDestination(
    _ destinationAction: Destination.Action,
    id: PresentedID,
    state: inout Parent.State
  ) -> Effect<Parent.Action> {
    let navigationID = NavigationID(keyPath: toPresentationState, elementID: id)
    let toPresentationAction = self.toPresentationAction
    return DependencyValues.withNavigationID(navigationID) {
      destination.reduce(into: &state[keyPath: toPresentationState].wrappedValue!, action: destinationAction)
    }
    .map { toPresentationAction.embed(.presented($0)) }
    .dismissing { toPresentationAction.embed(.dismiss) }
    .cancellable(id: navigationID)
  }
}
