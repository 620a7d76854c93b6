/// A reducer for an enum of features, one case per child: the hand-written form of TCA's
/// `@Reducer enum Destination { case edit(EditFeature) }`.
///
/// Write the state and action enums and a static body the macro would write, and `ifLet` and
/// `forEach` need no reducer closure:
///
/// ```swift
/// enum Destination: CaseReducer {
///   case edit(EditFeature)
///   enum State: CaseReducerState { typealias StateReducer = Destination; case edit(EditFeature.State) }
///   enum Action { case edit(EditFeature.Action) }
///   static var body: some Reducer<State, Action> { Scope(state: \.edit, action: \.edit) { EditFeature() } }
/// }
/// // …
/// .ifLet(\.$destination, action: \.destination)
/// ```
///
/// As in TCA, the enum is itself a ``Reducer``: any of its values runs the static `body`.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, State.StateReducer == Self, Body: Reducer, Body.State == State, Body.Action == Action {
  /// The type of ``body``, defaulted as TCA does so it is inferred from the static `body`.
  associatedtype Body = Body

  /// The reducers of the cases, scoped onto them.
  @ReducerBuilder<State, Action>
  static var body: Body { get }
}

extension CaseReducer {
  /// The static ``CaseReducer/body``, which every value of the enum runs.
  public var body: Body {
    Self.body
  }
}

/// The state enum of a ``CaseReducer``, naming the reducer it belongs to.
public protocol CaseReducerState {
  /// The enum of features whose state this is.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Reducer {
  /// Presents an enum of features whose reducer is its ``CaseReducer``:
  /// `.ifLet(\.$destination, action: \.destination)`.
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs a stack of an enum of features whose reducer is its ``CaseReducer``:
  /// `.forEach(\.path, action: \.path)`.
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    forEach(
      toStackState, action: toStackAction, destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
