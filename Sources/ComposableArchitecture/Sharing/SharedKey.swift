import Foundation

/// Where a ``Shared`` value lives: `.inMemory("count")` or `.fileStorage(url)`.
public struct SharedKey<Value>: Sendable {
  /// Finds or makes the reference for this key, starting from the given default.
  let reference: @Sendable (_ defaultValue: () -> Value) -> SharedReference<Value>
}

extension SharedKey {
  /// A value kept in memory under `key`, shared by every `@Shared` with the same key in the
  /// process (in tests, in the test store) and lost when it ends.
  public static func inMemory(_ key: String) -> Self {
    Self { defaultValue in
      @Dependency(\.defaultInMemoryStorage) var storage
      return storage.reference(for: key, as: Value.self, default: defaultValue)
    }
  }
}

extension SharedKey where Value: Codable & Sendable {
  /// A value saved as JSON at `url`, loaded from it when first shared and saved on every change.
  ///
  /// In tests the file system is ``FileStorage/inMemory`` unless overridden, so tests do not
  /// touch the disk.
  public static func fileStorage(_ url: URL) -> Self {
    Self { defaultValue in
      @Dependency(\.defaultFileStorage) var storage
      return storage.reference(for: url, as: Value.self, default: defaultValue)
    }
  }
}
