import Synchronization

/// The dependencies in force for the current task: read with ``Dependency``, changed with
/// ``withDependencies(_:operation:)``.
///
/// Extend it with a computed property per dependency:
///
/// ```swift
/// extension DependencyValues {
///   var todoClient: TodoClient {
///     get { self[TodoClient.self] }
///     set { self[TodoClient.self] = newValue }
///   }
/// }
/// ```
public struct DependencyValues: Sendable {
  @TaskLocal
  @usableFromInline
  static var _current = DependencyValues()

  /// The dependencies in force now, as ``Dependency`` reads them: for the package's own hot paths,
  /// which read one value through its property, skipping the property wrapper's key path.
  @usableFromInline
  package static var current: DependencyValues { _current }

  /// Set while a test prepares its dependencies: reading a key there to change one of its
  /// fields (`$0.todoClient.fetchAll = …`) is not a use of the unimplemented test value.
  @TaskLocal
  static var isPreparing = false

  /// Runs `prepare` on `values` without counting its reads as uses.
  static func prepare(_ values: inout DependencyValues, with prepare: (inout DependencyValues) throws -> Void) rethrows {
    try $isPreparing.withValue(true) { try prepare(&values) }
  }

  private var storage: [ObjectIdentifier: StoredDependency] = [:]

  /// Which of each dependency's values is used when it has not been overridden.
  public var context: DependencyContext = .processDefault

  @usableFromInline
  var navigationIDPath = NavigationIDPath()

  /// The test store tracking changes to shared state made under these dependencies, if any.
  var sharedChangeTracker: SharedChangeTracker?

  /// Creates dependency values with nothing overridden.
  public init() {}

  /// Reads or overrides the dependency for `key`.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let stored = storage[ObjectIdentifier(key)] {
        // Only the setter below stores under `key`, always a `StoredValue<Key.Value>`.
        return unsafeDowncast(stored, to: StoredValue<Key.Value>.self).value
      }
      switch context {
      case .live:
        return LiveValueCache.shared.value(for: key)
      case .preview:
        return Key.previewValue
      case .test:
        return Key.testValue
      }
    }
    set {
      storage[ObjectIdentifier(key)] = StoredValue(newValue)
    }
  }

  /// Whether nothing has been overridden.
  var isEmpty: Bool {
    storage.isEmpty && navigationIDPath.path.isEmpty && sharedChangeTracker == nil
  }

  /// Overlays every value `other` overrides on top of these.
  mutating func merge(_ other: Self) {
    storage.merge(other.storage) { _, new in new }
  }
}

/// A dependency's value as it was set, kept with its static type: reading it back is a pointer
/// cast, where casting an `any Sendable` back to an existential (`any JobExecutor`) looked the
/// conformance up on every read, and remote effects read their executor once each.
private class StoredDependency: @unchecked Sendable {}

private final class StoredValue<Value: Sendable>: StoredDependency, @unchecked Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// Live values are built once per process, as a real client or connection should be.
private final class LiveValueCache: Sendable {
  static let shared = LiveValueCache()

  private let values = Mutex<[ObjectIdentifier: any Sendable]>([:])

  func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
    if let cached = values.withLock({ $0[ObjectIdentifier(key)] }) as? Key.Value { return cached }
    // Built outside the lock: a live value may itself read other dependencies.
    let value = (key as? any DependencyKey.Type).map { liveValue(of: $0) as! Key.Value } ?? Key.testValue
    return values.withLock {
      if let raced = $0[ObjectIdentifier(key)] as? Key.Value { return raced }
      $0[ObjectIdentifier(key)] = value
      return value
    }
  }

  private func liveValue<K: DependencyKey>(of key: K.Type) -> any Sendable {
    key.liveValue
  }
}
