/// A reducer in the pre-1.0 style: a closure over state, action and an explicit environment.
///
/// Kept so older features port unchanged — `combine`, `pullback` and `optional` work as they did —
/// and bridged to ``Reducer`` with ``Reduce/init(_:environment:)``.
///
/// ```swift
/// let appReducer = AnyReducer<AppState, AppAction, AppEnvironment>.combine(
///   settingsReducer.pullback(state: \.settings, action: /AppAction.settings, environment: { $0.settings })
/// )
/// ```
public struct AnyReducer<State, Action, Environment>: Sendable {
  private let reducer: @Sendable (inout State, Action, Environment) -> Effect<Action>

  /// Creates a reducer from a closure.
  public init(
    _ reducer: @escaping @Sendable (_ state: inout State, _ action: Action, _ environment: Environment) -> Effect<Action>
  ) {
    self.reducer = reducer
  }

  /// A reducer that does nothing.
  public static var empty: Self {
    Self { _, _, _ in .none }
  }

  /// Runs `reducers` in order on the same state; their effects merge. Order matters.
  public static func combine(_ reducers: Self...) -> Self {
    combine(reducers)
  }

  /// Runs `reducers` in order on the same state; their effects merge. Order matters.
  public static func combine(_ reducers: [Self]) -> Self {
    Self { state, action, environment in
      .merge(reducers.map { $0.reducer(&state, action, environment) })
    }
  }

  /// Runs this reducer and then `other`.
  public func combined(with other: Self) -> Self {
    .combine(self, other)
  }

  /// Lifts this reducer to a global domain: local state by key path, local actions by case path,
  /// local environment by a function.
  public func pullback<GlobalState, GlobalAction, GlobalEnvironment>(
    state toLocalState: WritableKeyPath<GlobalState, State> & Sendable,
    action toLocalAction: AnyCasePath<GlobalAction, Action>,
    environment toLocalEnvironment: @escaping @Sendable (GlobalEnvironment) -> Environment
  ) -> AnyReducer<GlobalState, GlobalAction, GlobalEnvironment> {
    AnyReducer<GlobalState, GlobalAction, GlobalEnvironment> { globalState, globalAction, globalEnvironment in
      guard let localAction = toLocalAction.extract(from: globalAction) else { return .none }
      return reducer(&globalState[keyPath: toLocalState], localAction, toLocalEnvironment(globalEnvironment))
        .map(toLocalAction.embed)
    }
  }

  /// Makes this reducer work on optional state: it runs only while the state is non-`nil`.
  ///
  /// An action arriving while the state is `nil` is reported, as it usually means a dismissed
  /// feature's effect outlived it.
  public func optional(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyReducer<State?, Action, Environment> {
    AnyReducer<State?, Action, Environment> { state, action, environment in
      guard state != nil else {
        reportIssue(
          """
          An "optional" reducer at "\(fileID):\(line)" received an action when state was "nil".
            Action: \(action)
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return .none
      }
      return reducer(&state!, action, environment)
    }
  }

  /// Runs the reducer.
  public func run(_ state: inout State, _ action: Action, _ environment: Environment) -> Effect<Action> {
    reducer(&state, action, environment)
  }
}

extension Reduce {
  /// Bridges a pre-1.0 ``AnyReducer`` into a ``Reducer``, fixing its environment.
  public init<Environment>(_ reducer: AnyReducer<State, Action, Environment>, environment: Environment) {
    self.init { state, action in reducer.run(&state, action, environment) }
  }
}

extension Store {
  /// Creates a store from a pre-1.0 reducer and its environment.
  public convenience init<Environment>(
    initialState: State,
    reducer: AnyReducer<State, Action, Environment>,
    environment: Environment
  ) {
    self.init(initialState: initialState) {
      Reduce(reducer, environment: environment)
    }
  }
}
