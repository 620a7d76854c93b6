/// An action enum with a case for ``BindingAction``s, so ``BindingReducer`` can apply them.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case submitTapped
/// }
/// ```
public protocol BindableAction {
  /// The state the binding actions set.
  associatedtype State

  /// Embeds a binding action; satisfied by a `case binding(BindingAction<State>)`.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action carries, if it is one.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// Extracts the `binding` case by reflection; implement it by hand to avoid reflection.
  public var binding: BindingAction<State>? {
    (/Self.binding).extract(from: self)
  }
}

extension BindableAction {
  /// The binding action that sets the property at `keyPath` to `value`:
  /// `store.send(.set(\.email, "a@b.co"))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable,
    _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }

  /// The binding action that sets a ``BindingState`` property: `.set(\.$email, "a@b.co")`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>> & Sendable,
    _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}
