import Foundation

/// An alert as data: held in optional state to present it, set to `nil` to dismiss it.
///
/// Because it is a value, a test asserts exactly which alert a feature shows:
///
/// ```swift
/// state.alert = AlertState { TextState("Error") } message: { TextState(error.localizedDescription) }
/// ```
public struct AlertState<Action>: Identifiable {
  /// Which showing of an alert this is: a new value is a new presentation, even with the same
  /// text, so a parent that shows another after a button's action keeps it, as in TCA.
  /// Not part of equality, hashing or dumps.
  public internal(set) var id = UUID()

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
    alert.id = id
    alert.message = message
    alert.buttons = buttons.map { $0.map(transform) }
    return alert
  }
}

extension AlertState: Sendable where Action: Sendable {}

// Equality, hashing and dumps are about what is shown, not which showing it is.
extension AlertState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(self, children: ["title": title as Any, "message": message as Any, "buttons": buttons as Any], displayStyle: .struct)
  }
}
