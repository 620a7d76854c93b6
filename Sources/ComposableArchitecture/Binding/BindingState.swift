/// Marks a property of state as settable by ``BindingAction``s: `@BindingState var email = ""`.
///
/// TCA's spelling before 1.7, kept so older features port unchanged; binding actions name it by its
/// projection, `.set(\.$email, "a@b.co")` and `case .binding(\.$email):`.
@propertyWrapper
@dynamicMemberLookup
public struct BindingState<Value> {
  /// The property's value.
  public var wrappedValue: Value

  /// Wraps `wrappedValue`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, so `\.$email` names it.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A property of the wrapped value, itself bindable.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> BindingState<Subject> {
    get { BindingState<Subject>(wrappedValue: wrappedValue[keyPath: keyPath]) }
    set { wrappedValue[keyPath: keyPath] = newValue.wrappedValue }
  }
}

extension BindingState: Equatable where Value: Equatable {}
extension BindingState: Hashable where Value: Hashable {}
extension BindingState: Sendable where Value: Sendable {}

// Coded as the bare value, so the wrapper does not show in saved state.
extension BindingState: Codable where Value: Codable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(Value.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

// Dumps and diffs show the value rather than the wrapper.
extension BindingState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }
}

extension BindingAction {
  /// An action that sets the ``BindingState`` property at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>> & Sendable,
    _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      set: { $0[keyPath: keyPath].wrappedValue = value },
      value: value,
      valueIsEqual: { ($0 as? Value) == value }
    )
  }
}
