/// A value the compiler cannot prove `Sendable`, asserted to be safe to share by whoever wraps it.
///
/// TCA re-exports it from swift-concurrency-extras. Prefer `nonisolated(unsafe)` or a real
/// `Sendable` type; this is for values that must travel inside a `Sendable` one.
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The value wrapped.
  public var value: Value

  /// Wraps `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Wraps `wrappedValue`, as a property wrapper.
  public init(wrappedValue: Value) {
    self.value = wrappedValue
  }

  /// The value wrapped, as a property wrapper.
  public var wrappedValue: Value {
    get { value }
    _modify { yield &value }
  }

  /// The wrapper itself, to pass on as `Sendable`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Reads a property of the value wrapped.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// Reads or changes a property of the value wrapped.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    get { value[keyPath: keyPath] }
    _modify { yield &value[keyPath: keyPath] }
  }
}
