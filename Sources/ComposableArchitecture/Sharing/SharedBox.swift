/// What a ``Shared`` reads and changes: a reference of its own, or a part of another's reached by
/// a key path (`$syncUps[id: id]`), which reads and changes the root's value in place.
protocol SharedBox<Value>: SharedReadableBox {
  /// Changes the value; inside an assertion, changes what the test expects instead.
  func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R
}

/// What a ``SharedReader`` reads: a shared value, or a part of one reached by a key path.
protocol SharedReadableBox<Value>: AnyObject, Sendable {
  associatedtype Value

  /// The value, or inside an assertion the value as the test expects it.
  var current: Value { get }
  /// The value as it really is, whatever the test expects.
  var actual: Value { get }
  /// The root reference and the path into it: two `Shared` with one identity are the same value.
  var identity: SharedIdentity { get }
}

/// Whether two shared values are equal; inside a test store's assertion, a value compared with
/// itself compares what the test expects with what it holds, so an unasserted change shows.
func sharedValuesEqual<Value: Equatable>(_ lhs: any SharedReadableBox<Value>, _ rhs: any SharedReadableBox<Value>) -> Bool {
  guard SharedChangeTracker.isAsserting, lhs.identity == rhs.identity else {
    return lhs.current == rhs.current
  }
  return lhs.current == rhs.actual
}

/// Which shared value a ``Shared`` names: its root reference and the key paths into it.
struct SharedIdentity: Hashable, @unchecked Sendable {
  let root: ObjectIdentifier
  let path: [AnyKeyPath]
}

/// The part of another shared value that `keyPath` reaches.
final class ProjectedSharedBox<Root, Value>: SharedBox, @unchecked Sendable {
  private let base: any SharedBox<Root>
  private let keyPath: WritableKeyPath<Root, Value>

  init(base: any SharedBox<Root>, keyPath: WritableKeyPath<Root, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  var current: Value { base.current[keyPath: keyPath] }
  var actual: Value { base.actual[keyPath: keyPath] }

  func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { try operation(&$0[keyPath: keyPath]) }
  }

  var identity: SharedIdentity {
    let root = base.identity
    return SharedIdentity(root: root.root, path: root.path + [keyPath])
  }
}

/// The part of another shared value that a read-only `keyPath` reaches.
final class ProjectedSharedReadableBox<Root, Value>: SharedReadableBox, @unchecked Sendable {
  private let base: any SharedReadableBox<Root>
  private let keyPath: KeyPath<Root, Value>

  init(base: any SharedReadableBox<Root>, keyPath: KeyPath<Root, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  var current: Value { base.current[keyPath: keyPath] }
  var actual: Value { base.actual[keyPath: keyPath] }

  var identity: SharedIdentity {
    let root = base.identity
    return SharedIdentity(root: root.root, path: root.path + [keyPath])
  }
}
