import Foundation

/// Where a ``Shared`` value lives; ``InMemoryKey`` and ``FileStorageKey`` are the kinds there are.
///
/// As in swift-sharing, name a key by extending this protocol:
/// `extension SharedKey where Self == InMemoryKey<Stats> { static var stats: Self { inMemory("stats") } }`.
public protocol SharedKey<Value>: Sendable {
  /// The type of the value stored under the key.
  associatedtype Value

  /// The shared value stored under this key, made from `defaultValue` if nothing is stored yet.
  /// Called by ``Shared``; not for direct use.
  func _shared(default defaultValue: () -> Value) -> Shared<Value>
}

extension SharedKey {
  /// A value kept in memory under `key`, shared by every `@Shared` with the same key in the
  /// process (in tests, in the test store) and lost when it ends.
  public static func inMemory<Wrapped>(_ key: String) -> Self where Self == InMemoryKey<Wrapped> {
    InMemoryKey(key: key)
  }

  /// A value saved as JSON at `url`, loaded from it when first shared and saved on every change.
  ///
  /// In tests the file system is ``FileStorage/inMemory`` unless overridden, so tests do not
  /// touch the disk.
  public static func fileStorage<Wrapped>(_ url: URL) -> Self where Self == FileStorageKey<Wrapped> {
    FileStorageKey(url: url)
  }
}
