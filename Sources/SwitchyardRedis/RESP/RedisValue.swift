/// One reply from a Redis server, in RESP2 or RESP3, as a value.
///
/// RESP2 replies use the first five cases; RESP3 (`HELLO 3`) adds the rest. A verbatim string
/// arrives as ``bulkString(_:)`` of its text, and attributes are read and dropped, since no
/// command this client sends depends on them.
public enum RedisValue: Sendable, Equatable {
  /// A status reply such as `OK` or `PONG`.
  case simpleString(String)
  /// A reply that reports failure; inside an array (a pipeline's or a transaction's) it is a
  /// value, on its own it is thrown as ``RedisError/server(_:)``.
  case error(RedisServerError)
  /// A signed 64-bit integer.
  case integer(Int64)
  /// Binary-safe bytes.
  case bulkString([UInt8])
  /// An ordered list of replies.
  case array([RedisValue])
  /// The absence of a value: RESP2's null bulk string and null array, RESP3's `_`.
  case null
  /// A RESP3 double.
  case double(Double)
  /// A RESP3 Boolean.
  case boolean(Bool)
  /// A RESP3 integer too large for 64 bits, in decimal.
  case bigNumber(String)
  /// A RESP3 map, in the order the server wrote it.
  case map([RedisPair])
  /// A RESP3 set, in the order the server wrote it.
  case set([RedisValue])
  /// A RESP3 out-of-band push, such as a pub/sub message; never an answer to a command.
  case push([RedisValue])
}
