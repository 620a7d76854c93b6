/// An action with a case for what its view sends, `case view(View)`, kept apart from what effects
/// and parents send, as TCA's `@ViewAction` features do.
///
/// A view action that is ``BindableAction`` has its bindings applied with
/// `BindingReducer(action: \.view)`.
public protocol ViewAction<ViewAction> {
  /// The actions the view sends.
  associatedtype ViewAction

  /// Embeds a view action.
  static func view(_ action: ViewAction) -> Self
}
