extension RedisValue {
  /// The text of a simple or bulk string (bulk bytes read as UTF-8); `nil` for other replies.
  public var string: String? {
    switch self {
    case let .simpleString(text): text
    case let .bulkString(bytes): String(decoding: bytes, as: UTF8.self)
    default: nil
    }
  }

  /// The bytes of a bulk or simple string; `nil` for other replies.
  public var bytes: [UInt8]? {
    switch self {
    case let .bulkString(bytes): bytes
    case let .simpleString(text): Array(text.utf8)
    default: nil
    }
  }

  /// An integer reply, or a string holding a decimal integer (RESP2 sends some counts so).
  public var integer: Int64? {
    switch self {
    case let .integer(value): value
    case .bulkString, .simpleString: string.flatMap { Int64($0) }
    default: nil
    }
  }

  /// The elements of an array, set or push; `nil` for other replies.
  public var elements: [RedisValue]? {
    switch self {
    case let .array(values), let .set(values), let .push(values): values
    default: nil
    }
  }

  /// A RESP3 map, or a RESP2 array of alternating keys and values, keyed by string.
  ///
  /// Commands such as `XINFO` answer with the one in RESP3 and the other in RESP2.
  var fields: [String: RedisValue]? {
    var result: [String: RedisValue] = [:]
    switch self {
    case let .map(pairs):
      for pair in pairs {
        guard let key = pair.key.string else { return nil }
        result[key] = pair.value
      }
    case let .array(values) where values.count.isMultiple(of: 2):
      for index in stride(from: 0, to: values.count, by: 2) {
        guard let key = values[index].string else { return nil }
        result[key] = values[index + 1]
      }
    default:
      return nil
    }
    return result
  }

  /// The reply in a few words, for ``RedisError/unexpectedReply(command:reply:)``.
  var summary: String {
    switch self {
    case let .simpleString(text): "+\(text.prefix(40))"
    case let .error(error): "-\(error.code)"
    case let .integer(value): "integer \(value)"
    case let .bulkString(bytes): "a \(bytes.count)-byte string"
    case let .array(values): "an array of \(values.count)"
    case .null: "null"
    case let .double(value): "double \(value)"
    case let .boolean(value): "Boolean \(value)"
    case let .bigNumber(digits): "big number \(digits.prefix(40))"
    case let .map(pairs): "a map of \(pairs.count)"
    case let .set(values): "a set of \(values.count)"
    case let .push(values): "a push of \(values.count)"
    }
  }
}
