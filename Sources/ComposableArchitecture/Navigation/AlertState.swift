/// An alert as data: held in optional state to present it, set to `nil` to dismiss it.
///
/// Because it is a value, a test asserts exactly which alert a feature shows:
///
/// ```swift
/// state.alert = AlertState { TextState("Error") } message: { TextState(error.localizedDescription) }
/// ```
public struct AlertState<Action> {
  /// The alert's title.
  public var title: TextState
  /// The body text, if any.
  public var message: TextState?
  /// The buttons; an alert with none shows a single "OK" that dismisses it.
  public var buttons: [ButtonState<Action>]

  /// Creates an alert from its title, buttons and message.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The same alert with buttons sending transformed actions.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    var alert = AlertState<NewAction>(title: { title })
    alert.message = message
    alert.buttons = buttons.map { $0.map(transform) }
    return alert
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
