/// Groups reducers so that a modifier applies to all of them at once.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.profile, action: \.profile) { ProfileFeature() }
///   Reduce { state, action in … }
/// }
/// .ifLet(\.alert, action: \.alert) { … }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline
  let reducers: ResolvedReducer<Reducers>

  /// Combines the reducers built by `build`, which run in order.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = ResolvedReducer(build())
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
