/// State shared by reference between features, optionally persisted: `@Shared(.inMemory("count")) var count = 0`.
///
/// Every copy reads and changes the same value, so a child that changes it is seen by its parent
/// at once. Under a ``TestStore`` a change must be asserted like any other change of state.
@propertyWrapper
public struct Shared<Value> {
  let reference: SharedReference<Value>

  /// Shares `value` between whoever holds a copy of this, without persisting it.
  public init(value: Value) {
    self.reference = SharedReference(value)
  }

  /// TCA 1.x's spelling of ``init(value:)``.
  public init(_ value: Value) {
    self.init(value: value)
  }

  /// The value stored under `key`, or `wrappedValue` when nothing is stored there yet.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self = key._shared(default: wrappedValue)
  }

  init(reference: SharedReference<Value>) {
    self.reference = reference
  }

  /// Holds the same reference as `projectedValue`: how a feature's initialiser takes a `Shared` from its parent.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The shared value; setting it changes it for every holder.
  public var wrappedValue: Value {
    get { reference.current }
    nonmutating set { reference.withLock { $0 = newValue } }
  }

  /// The `Shared` itself, so `$count` passes it on and `$count.withLock { … }` changes it.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Changes the value atomically with respect to other holders.
  public func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try reference.withLock(operation)
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Inside a test store's assertion, a value compared with itself compares what the test expects
  /// with what it holds, so an unasserted change shows.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.reference === rhs.reference, SharedChangeTracker.isAsserting else {
      return lhs.wrappedValue == rhs.wrappedValue
    }
    return lhs.reference.current == rhs.reference.actual
  }
}

// The reference is guarded by a lock.
extension Shared: @unchecked Sendable where Value: Sendable {}

// Dumps and diffs show the value rather than the box.
extension Shared: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}
