/// What can go wrong while splitting a byte stream into frames or writing one.
///
/// None of these can be recovered from on the same stream: the reader no longer knows where the
/// next frame starts, so the connection should be closed.
public enum FrameError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A length prefix of zero; every frame carries one JSON object, so an empty one is never valid.
  case emptyFrame
  /// A length prefix larger than the channel's limit, rejected before any payload is buffered.
  case lengthOverLimit(length: Int, limit: Int)
  /// The stream ended inside a 4-byte length prefix.
  case truncatedHeader(received: Int)
  /// The stream ended before the whole payload announced by the prefix arrived.
  case truncatedPayload(expected: Int, received: Int)

  /// A sentence that says what happened and what to check.
  public var description: String {
    switch self {
    case .emptyFrame:
      return "A frame announced a length of 0 bytes; every frame must carry one JSON object, so the peer is not speaking the Switchyard protocol."
    case let .lengthOverLimit(length, limit):
      return "A frame announced \(length) bytes, over the limit of \(limit) bytes; raise the limit on both ends or send smaller messages."
    case let .truncatedHeader(received):
      return "The stream ended after \(received) of the \(Frame.headerLength) bytes of a frame's length prefix; the peer closed mid-frame or crashed."
    case let .truncatedPayload(expected, received):
      return "The stream ended after \(received) of the \(expected) bytes of a frame's payload; the peer closed mid-frame or crashed."
    }
  }
}
