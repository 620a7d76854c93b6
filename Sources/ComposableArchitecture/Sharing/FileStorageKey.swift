import Foundation

/// A value saved as JSON in a file.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  let url: URL

  /// The shared value stored under this key; called by ``Shared``.
  public func _shared(default defaultValue: () -> Value) -> Shared<Value> {
    @Dependency(\.defaultFileStorage) var storage
    return Shared(reference: storage.reference(for: url, as: Value.self, default: defaultValue))
  }
}
