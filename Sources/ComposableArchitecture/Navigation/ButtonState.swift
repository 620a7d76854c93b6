/// A button in an alert or dialog, as data: its label, its role, and the action it sends.
public struct ButtonState<Action> {
  /// How a button is styled and placed.
  public typealias Role = ButtonStateRole

  /// What the button's label says.
  public let label: TextState
  /// The button's role, if it has one.
  public let role: Role?
  /// The action it sends when tapped; `nil` for a button that only dismisses.
  public let action: Action?

  /// Creates a button that sends `action` when tapped.
  public init(role: Role? = nil, action: Action? = nil, label: () -> TextState) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// The same button sending a transformed action, as a parent embeds a child's alert.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    let label = self.label
    return ButtonState<NewAction>(role: role, action: action.map(transform)) { label }
  }
}

/// How a button is styled and placed; the same for buttons of every action type.
public enum ButtonStateRole: Equatable, Hashable, Sendable {
  /// Dismisses without doing anything.
  case cancel
  /// Does something that cannot be undone.
  case destructive
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// Builds the list of buttons of an alert or dialog.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
}
