/// The runtime of a feature: holds its state, reduces the actions sent to it, and runs their effects.
///
/// A store lives on the main actor, as TCA's does: state is owned by one serial executor, reducers
/// run synchronously in ``send(_:)``, and effects hop back to it to send their actions.
///
/// ```swift
/// let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
/// store.send(.incrementButtonTapped)
/// store.count  // 1
/// ```
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  let core: any StoreCore<State, Action>
  private var children: [ScopeID: AnyObject] = [:]

  init(core: any StoreCore<State, Action>) {
    self.core = core
  }

  /// Creates a store running `reducer` from `initialState`.
  ///
  /// `prepareDependencies` overrides dependencies for the reducer and every effect it starts, on top
  /// of those in force where the store is created; the initial state and the reducer are built with
  /// them in force too.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    var dependencies = DependencyValues._current
    if let prepareDependencies { DependencyValues.prepare(&dependencies, with: prepareDependencies) }
    let (initialState, reducer) = DependencyValues.$_current.withValue(dependencies) {
      (initialState(), RootReducer(reducer()))
    }
    self.init(
      core: RootCore(
        initialState: initialState,
        reducer: reducer.reduce(into:action:metadata:),
        dependencies: prepareDependencies == nil && !DependencyValues.isOverridden ? nil : dependencies
      )
    )
  }

  /// The current state.
  public var state: State {
    core.state
  }

  /// Reads the current state through `body`.
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(core.state)
  }

  /// Reads a property of the current state: `store.count`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    core.state[keyPath: keyPath]
  }

  /// Sends an action: the reducer runs now, and its effects start.
  ///
  /// The returned task finishes when those effects (and effects of actions they send) have finished.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    StoreTask(tasks: core.send(action, metadata: nil))
  }

  func cachedChild<Child: AnyObject>(_ id: ScopeID?, make: () -> Child) -> Child {
    guard let id else { return make() }
    if let child = children[id] as? Child { return child }
    let child = make()
    children[id] = child
    return child
  }
}

/// A store of a reducer's state and actions, as in `StoreOf<CounterFeature>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

extension DependencyValues {
  /// Whether the current task runs with dependencies someone has set, which a new store inherits.
  static var isOverridden: Bool {
    let current = _current
    return !current.isEmpty || current.context != .processDefault
  }
}
