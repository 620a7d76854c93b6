/// Why bytes from the server are not a valid RESP reply; after one, the connection is closed,
/// since where the next reply starts is unknown.
///
/// An offset counts from the first byte of the reply it is in.
public enum RESPProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A value began with a byte that names no RESP type.
  case unknownType(byte: UInt8, offset: Int)
  /// A length, count or integer line was not a decimal number in range.
  case invalidNumber(offset: Int)
  /// A double, Boolean or null line was not one.
  case invalidScalar(offset: Int)
  /// A line or bulk string was not followed by CRLF.
  case missingTerminator(offset: Int)
  /// A bulk string announced more bytes than ``RESPLimits/maxBulkLength``.
  case bulkOverLimit(length: Int, limit: Int)
  /// An aggregate announced more elements than ``RESPLimits/maxAggregateCount``.
  case countOverLimit(count: Int, limit: Int)
  /// Aggregates nested deeper than ``RESPLimits/maxDepth``.
  case depthOverLimit(limit: Int)
  /// A line ran past ``RESPLimits/maxLineLength`` without a CRLF.
  case lineOverLimit(limit: Int)
  /// A reply ran past ``RESPLimits/maxReplyLength`` bytes before it ended.
  case replyOverLimit(limit: Int)
  /// A streamed string or aggregate (`?` lengths), which Redis never sends to clients.
  case streamedValue(offset: Int)

  /// Whether a reply broke a bound of ``RESPLimits`` rather than the protocol: the bytes are
  /// well-formed, there were just too many of them for this client.
  public var isOverLimit: Bool {
    switch self {
    case .bulkOverLimit, .countOverLimit, .depthOverLimit, .lineOverLimit, .replyOverLimit: true
    case .unknownType, .invalidNumber, .invalidScalar, .missingTerminator, .streamedValue: false
    }
  }

  public var description: String {
    switch self {
    case let .unknownType(byte, offset):
      "The server sent byte 0x\(String(byte, radix: 16)) at offset \(offset), which starts no RESP value; is this port a Redis server?"
    case let .invalidNumber(offset):
      "The server sent a malformed number at offset \(offset) of a reply."
    case let .invalidScalar(offset):
      "The server sent a malformed double, Boolean or null at offset \(offset) of a reply."
    case let .missingTerminator(offset):
      "A reply's line or string was not ended by CRLF at offset \(offset)."
    case let .bulkOverLimit(length, limit):
      "A reply announced a \(length)-byte string, over the client's limit of \(limit) bytes; raise RESPLimits.maxBulkLength if this is expected."
    case let .countOverLimit(count, limit):
      "A reply announced \(count) elements, over the client's limit of \(limit); raise RESPLimits.maxAggregateCount if this is expected."
    case let .depthOverLimit(limit):
      "A reply nested deeper than the client's limit of \(limit) levels."
    case let .lineOverLimit(limit):
      "A reply's line ran past \(limit) bytes without ending."
    case let .replyOverLimit(limit):
      "A reply ran past the client's limit of \(limit) bytes; ask for fewer entries at a time, or raise RESPLimits.maxReplyLength."
    case let .streamedValue(offset):
      "The server sent a streamed RESP3 value at offset \(offset), which this client does not read."
    }
  }
}
