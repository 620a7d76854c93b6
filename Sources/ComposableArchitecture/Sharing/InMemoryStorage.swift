import Foundation

/// The references of `.inMemory` shared values, by key.
public final class InMemoryStorage: @unchecked Sendable {
  private let lock = NSLock()
  private var references: [String: AnyObject] = [:]

  /// Creates empty storage.
  public init() {}

  func reference<Value>(for key: String, as _: Value.Type, default defaultValue: () -> Value) -> SharedReference<Value> {
    lock.withLock {
      if let reference = references[key] as? SharedReference<Value> { return reference }
      let reference = SharedReference(defaultValue())
      references[key] = reference
      return reference
    }
  }
}

private enum DefaultInMemoryStorageKey: DependencyKey {
  static let liveValue = InMemoryStorage()
  static var testValue: InMemoryStorage { InMemoryStorage() }
}

extension DependencyValues {
  /// Where `.inMemory` shared values live: one storage per process, and per test store in tests.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[DefaultInMemoryStorageKey.self] }
    set { self[DefaultInMemoryStorageKey.self] = newValue }
  }
}
