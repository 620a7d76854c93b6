import Foundation

/// A confirmation dialog as data: held in optional state to present it, set to `nil` to dismiss it.
///
/// Like ``AlertState``, a value a test can assert exactly; present it with
/// `@PresentationState var dialog: ConfirmationDialogState<Dialog>?` and
/// `.ifLet(\.$dialog, action: \.dialog)`, and a tapped button comes back as `.dialog(.presented(…))`.
public struct ConfirmationDialogState<Action>: Identifiable {
  /// Which showing of an alert this is: a new value is a new presentation, even with the same
  /// text, so a parent that shows another after a button's action keeps it, as in TCA.
  /// Not part of equality, hashing or dumps.
  public internal(set) var id = UUID()

  /// Whether the dialog shows its title.
  public typealias Visibility = ConfirmationDialogTitleVisibility

  /// Whether the title is shown.
  public var titleVisibility: Visibility
  /// The dialog's title.
  public var title: TextState
  /// The body text, if any.
  public var message: TextState?
  /// The buttons; a dialog shows a cancel button even when none has the cancel role.
  public var buttons: [ButtonState<Action>]

  /// Creates a dialog from its title, buttons and message.
  public init(
    titleVisibility: Visibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The same dialog with buttons sending transformed actions.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ConfirmationDialogState<NewAction> {
    var dialog = ConfirmationDialogState<NewAction>(titleVisibility: titleVisibility, title: { title })
    dialog.id = id
    dialog.message = message
    dialog.buttons = buttons.map { $0.map(transform) }
    return dialog
  }
}

/// Whether a dialog shows its title; the same for dialogs of every action type, so ``ConfirmationDialogState/map(_:)`` keeps it.
public enum ConfirmationDialogTitleVisibility: Equatable, Hashable, Sendable {
  /// As the platform decides.
  case automatic
  /// Never shown.
  case hidden
  /// Always shown.
  case visible
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

// Equality, hashing and dumps are about what is shown, not which showing it is.
extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons && lhs.titleVisibility == rhs.titleVisibility
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
    hasher.combine(titleVisibility)
  }
}

extension ConfirmationDialogState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(self, children: ["titleVisibility": titleVisibility as Any, "title": title as Any, "message": message as Any, "buttons": buttons as Any], displayStyle: .struct)
  }
}
