/// A read-only view of shared state: `@SharedReader(.appStorage("isOn")) var isOn = false`, or
/// `SharedReader($count)` to hand a child a value it may read but not change, as in swift-sharing.
///
/// It reads the same value as every ``Shared`` with the same key or reference, so a change made
/// through one of them is seen at once.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value> {
  let reference: any SharedReadableBox<Value>

  /// Reads what `base` holds.
  public init(_ base: Shared<Value>) {
    self.reference = base.reference
  }

  /// Reads `value`, which nothing else shares.
  public init(value: Value) {
    self.init(Shared(value: value))
  }

  /// Reads the value stored under `key`, or `wrappedValue` when nothing is stored there yet.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(key._shared(default: wrappedValue))
  }

  /// Reads the value stored under `key`, or the key's default when nothing is stored there yet.
  public init<Base: SharedKey<Value>>(_ key: _SharedKeyDefault<Base>) {
    self.init(Shared(key))
  }

  /// Reads what `projectedValue` reads: how a feature's initialiser takes a reader from its parent.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  init(reference: any SharedReadableBox<Value>) {
    self.reference = reference
  }

  /// The shared value.
  public var wrappedValue: Value {
    reference.current
  }

  /// The reader itself, so `$isOn` passes it on.
  public var projectedValue: SharedReader<Value> {
    get { self }
    set { self = newValue }
  }

  /// A part of the shared value, read with it: `$settings.isOn`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: ProjectedSharedReadableBox(base: reference, keyPath: keyPath))
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Inside a test store's assertion, as ``Shared``'s: a reader compared with itself compares what
  /// the test expects with what it holds.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    sharedValuesEqual(lhs.reference, rhs.reference)
  }
}

// The reference is guarded by a lock.
extension SharedReader: @unchecked Sendable where Value: Sendable {}
