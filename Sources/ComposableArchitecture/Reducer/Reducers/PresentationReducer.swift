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
    let before = state[keyPath: toPresentationState].wrappedValue
    // Reflecting over the presented state costs a little on every action, but it is the only way to
    // notice one child replaced by another without asking `State` to be `Equatable`.
    let presentedBefore = before.map(PresentedID.init)
    let presentationAction = toPresentationAction.extract(from: action)
    var destinationEffects = Effect<Parent.Action>.none
    if let presentationAction {
      if before == nil {
        reportIssue(
          """
          An "ifLet" at "\(location.fileID):\(location.line)" received a presentation action when \
          destination state was absent.
            Action: \(presentationAction)
          The destination was probably dismissed before an effect of its finished; its effects are \
          cancelled on dismissal, so look for an action sent from outside.
          """,
          location: location
        )
      } else if case let .presented(destinationAction) = presentationAction {
        destinationEffects = reduceDestination(destinationAction, state: &state)
      }
    }

    let parentEffects = parent.reduce(into: &state, action: action)

    // The parent sees `.dismiss` and an alert's button while the child is still presented; the child
    // then goes, unless the parent has presented a different one in the meantime.
    if let presentedBefore, let presentationAction,
      state[keyPath: toPresentationState].wrappedValue.map(PresentedID.init) == presentedBefore
    {
      switch presentationAction {
      case .dismiss:
        state[keyPath: toPresentationState].wrappedValue = nil
      case .presented where isEphemeral(before as Any):
        state[keyPath: toPresentationState].wrappedValue = nil
      case .presented:
        break
      }
    }

    guard let presentedBefore,
      state[keyPath: toPresentationState].wrappedValue.map(PresentedID.init) != presentedBefore
    else {
      return .merge(destinationEffects, parentEffects)
    }
    return .merge(destinationEffects, parentEffects, .cancel(id: NavigationID(keyPath: toPresentationState)))
  }

  private func reduceDestination(
    _ destinationAction: Destination.Action,
    state: inout Parent.State
  ) -> Effect<Parent.Action> {
    let navigationID = NavigationID(keyPath: toPresentationState)
    let toPresentationAction = self.toPresentationAction
    return DependencyValues.withNavigationID(navigationID) {
      destination.reduce(into: &state[keyPath: toPresentationState].wrappedValue!, action: destinationAction)
    }
    .map { toPresentationAction.embed(.presented($0)) }
    .dismissing { toPresentationAction.embed(.dismiss) }
    .cancellable(id: navigationID)
  }
}
