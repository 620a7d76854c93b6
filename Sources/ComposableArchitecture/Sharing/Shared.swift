/// State shared by reference between features, optionally persisted: `@Shared(.inMemory("count")) var count = 0`.
///
/// Every copy reads and changes the same value, so a child that changes it is seen by its parent
/// at once. Under a ``TestStore`` a change must be asserted like any other change of state.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value> {
  let reference: any SharedBox<Value>

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

  init(reference: any SharedBox<Value>) {
    self.reference = reference
  }

  /// The value `base` holds, shared with it, or `nil` when it holds none: how
  /// `Shared($syncUps[id: id])` turns an optional part into a value to pass on.
  public init?(_ base: Shared<Value?>) {
    guard base.wrappedValue != nil else { return nil }
    self.init(reference: ProjectedSharedBox(base: base.reference, keyPath: \Value?.!))
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

  /// A part of the shared value, shared with it: `$syncUp.title`, `$syncUps[id: id]`. Changing it
  /// changes the whole, for every holder.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member> {
    Shared<Member>(reference: ProjectedSharedBox(base: reference, keyPath: keyPath))
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
    sharedValuesEqual(lhs.reference, rhs.reference)
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
