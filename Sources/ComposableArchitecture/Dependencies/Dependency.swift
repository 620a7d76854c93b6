/// Reads a dependency from the current ``DependencyValues``: `@Dependency(\.uuid) var uuid`.
///
/// The value is looked up on each access, so a reducer sees the dependencies of the store running it
/// and an effect sees those in force when the reducer returned it.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let keyPath: KeyPath<DependencyValues, Value> & Sendable

  /// Reads the dependency at `keyPath`.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// Reads the dependency registered under the key type itself, e.g. `@Dependency(TodoClient.self)`.
  public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {
    self.init(\DependencyValues.[key: HashableType<Key>()])
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    DependencyValues._current[keyPath: keyPath]
  }
}

/// A hashable stand-in for a key type, so a key path can name `DependencyValues[Key.self]`.
struct HashableType<Key: TestDependencyKey>: Hashable, Sendable {}

extension DependencyValues {
  subscript<Key: TestDependencyKey>(key key: HashableType<Key>) -> Key.Value {
    self[Key.self]
  }
}
