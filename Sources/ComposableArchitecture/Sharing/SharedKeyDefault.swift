extension SharedKey {
  /// This key with the value it holds until something is stored, so `@Shared(.isOn) var isOn` needs
  /// no default at each use: `Self[.appStorage("isOn"), default: false]`, as in swift-sharing.
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key and its default value; see ``SharedKey/Default``.
public struct _SharedKeyDefault<Base: SharedKey>: SharedKey {
  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// `key` with `value` as its default.
  public static subscript(_ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value) -> Self {
    Self(base: key, defaultValue: value)
  }

  /// The shared value stored under the key; a default given where it is used wins over the key's,
  /// as in swift-sharing. Called by ``Shared``.
  public func _shared(default defaultValue: () -> Base.Value) -> Shared<Base.Value> {
    base._shared(default: defaultValue)
  }
}

extension Shared {
  /// The value stored under `key`, or the key's default when nothing is stored there yet.
  public init<Base: SharedKey<Value>>(_ key: _SharedKeyDefault<Base>) {
    self = key._shared(default: key.defaultValue)
  }
}
