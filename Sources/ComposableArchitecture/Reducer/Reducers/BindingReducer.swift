/// Applies every ``BindingAction`` to state; place it first in a ``Reducer/body-swift.property``.
///
/// The reducers after it see the new value and can react to the change. When the bindings live in
/// a nested action, such as a ``ViewAction``'s `view` case, name it: `BindingReducer(action: \.view)`.
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer where ViewAction.State == State {
  private let toViewAction: (Action) -> ViewAction?

  /// Creates the reducer for an action that is itself bindable.
  public init() where Action == ViewAction {
    self.toViewAction = { $0 }
  }

  /// Creates the reducer for the bindable actions in the case `toViewAction` names.
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    let casePath = AnyCasePath(toViewAction)
    self.toViewAction = { casePath.extract(from: $0) }
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toViewAction(action)?.binding?.apply(to: &state)
    return .none
  }
}
