/// A value kept in memory under a string, shared by every `@Shared` with the same key.
public struct InMemoryKey<Value>: SharedKey {
  let key: String

  /// The shared value stored under this key; called by ``Shared``.
  public func _shared(default defaultValue: () -> Value) -> Shared<Value> {
    @Dependency(\.defaultInMemoryStorage) var storage
    return Shared(reference: storage.reference(for: key, as: Value.self, default: defaultValue))
  }
}
