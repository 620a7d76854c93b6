/// Applies every ``BindingAction`` to state; place it first in a ``Reducer/body-swift.property``.
///
/// The reducers after it see the new value and can react to the change.
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
  /// Creates the reducer.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.apply(to: &state)
    return .none
  }
}
