/// Describes how a feature's state changes in response to an action, and which effects follow.
///
/// Implement ``reduce(into:action:)`` for a single reducer, or ``body-swift.property`` to compose
/// others with ``ReducerBuilder``:
///
/// ```swift
/// struct CounterFeature: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer changes.
  associatedtype State

  /// The actions the reducer handles.
  associatedtype Action

  /// The type of ``body-swift.property``; `Never` for reducers that implement `reduce` directly.
  associatedtype Body

  /// Evolves `state` for `action` and returns the effect to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is composed of, run in order.
  ///
  /// A store builds a body once, on the first action that reaches it, and keeps it; TCA rebuilds
  /// it per action. So a body should depend only on the reducer's stored properties: a
  /// `@Dependency` read while the body is *built* (as in `if flags.isOn { … }`) is read once, while
  /// dependencies read inside `Reduce` closures and effects are read per action as usual. A type
  /// that implements both ``reduce(into:action:)`` and a body runs its body; TCA runs `reduce`.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// Reduces with the ``body-swift.property`` kept in `cache`, building it on first use.
  ///
  /// Stores and composite reducers call this so a body is built once rather than per action.
  /// Implemented for you: do not implement it.
  func _reduce(into state: inout State, action: Action, caching cache: _ReducerBodyCache) -> Effect<Action>
}

/// A reducer with the same state and action as `R`, as in `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError("'\(Self.self)' has no body: it implements reduce(into:action:).")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the reducers of ``body-swift.property``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}
