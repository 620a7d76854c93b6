/// One key and its value in a ``RedisValue/map(_:)``.
public struct RedisPair: Sendable, Equatable {
  /// The key.
  public var key: RedisValue
  /// The value.
  public var value: RedisValue

  /// Creates a pair.
  public init(key: RedisValue, value: RedisValue) {
    self.key = key
    self.value = value
  }
}
