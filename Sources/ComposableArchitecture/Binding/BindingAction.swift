/// An action that sets one property of state, sent by a UI control bound to it.
///
/// Pair it with ``BindableAction`` and ``BindingReducer`` to avoid one action per form field:
/// `store.send(.binding(.set(\.email, "a@b.co")))`.
public struct BindingAction<Root>: Sendable {
  /// The property being set.
  public let keyPath: PartialKeyPath<Root> & Sendable

  let set: @Sendable (inout Root) -> Void
  let value: any Sendable
  let valueIsEqual: @Sendable (any Sendable) -> Bool

  /// An action that sets the property at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable,
    _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      set: { $0[keyPath: keyPath] = value },
      value: value,
      valueIsEqual: { ($0 as? Value) == value }
    )
  }

  /// Applies the change to `root`.
  public func apply(to root: inout Root) {
    set(&root)
  }

  /// Matches a binding action by the property it sets: `case .binding(\.email):`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, bindingAction: Self) -> Bool {
    (keyPath as AnyKeyPath) == (bindingAction.keyPath as AnyKeyPath)
  }
}

extension BindingAction: CasePathable {
  /// A case path per settable property, so `\.binding.isOn` names the binding actions that set `isOn`:
  /// `await store.receive(\.binding.isOn)`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The binding actions that set the property at `keyPath`, and the value they set.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value> & Sendable
    ) -> AnyCasePath<BindingAction, Value> {
      AnyCasePath(
        embed: { .set(keyPath, $0) },
        extract: { ($0.keyPath as AnyKeyPath) == keyPath ? $0.value as? Value : nil }
      )
    }

    /// The binding actions that set the `@BindingState` property at `keyPath`, and the wrapped value
    /// they set: `action[case: \.binding.$count]` is an `Int?`, as in TCA.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, BindingState<Value>> & Sendable
    ) -> AnyCasePath<BindingAction, Value> {
      AnyCasePath(
        embed: { .set(keyPath, $0) },
        extract: { ($0.keyPath as AnyKeyPath) == keyPath ? $0.value as? Value : nil }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension BindingAction: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath) && lhs.valueIsEqual(rhs.value)
  }
}

extension BindingAction: CustomStringConvertible {
  public var description: String {
    "BindingAction.set(\(keyPath), \(value))"
  }
}
