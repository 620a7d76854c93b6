extension RESPProtocolError {
  /// The error with its offset counted from `start`, the first byte of the reply, rather than from
  /// the parser's buffer: the same byte then has the same offset whatever came before the reply
  /// and however the reads were split.
  func counted(from start: Int) -> RESPProtocolError {
    switch self {
    case let .unknownType(byte, offset): .unknownType(byte: byte, offset: offset - start)
    case let .invalidNumber(offset): .invalidNumber(offset: offset - start)
    case let .invalidScalar(offset): .invalidScalar(offset: offset - start)
    case let .missingTerminator(offset): .missingTerminator(offset: offset - start)
    case let .streamedValue(offset): .streamedValue(offset: offset - start)
    case .bulkOverLimit, .countOverLimit, .depthOverLimit, .lineOverLimit, .replyOverLimit: self
    }
  }
}
