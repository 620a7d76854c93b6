/// How much a ``WebSocketConnection`` holds for its peer in each direction, so that a peer that
/// floods it or stops reading costs bounded memory.
public struct WebSocketBuffers: Sendable, Equatable {
  /// Messages received but not yet taken from ``WebSocketConnection/messages``. Past it the
  /// connection stops reading its socket until the consumer takes one, and TCP holds the peer back;
  /// pings and a close frame then wait their turn too.
  public var unreadMessages: Int
  /// Bytes queued to send but not yet handed to the kernel. A send that would pass it fails with
  /// ``WebSocketError/peerTooSlow(limit:)`` and the connection closes with 1008 (policy violation):
  /// the peer does not read what it is sent. A single message larger than this is still sent when
  /// nothing else is queued.
  public var unsentBytes: Int

  /// Creates limits; the defaults suit request/response and live-feed traffic.
  public init(unreadMessages: Int = 64, unsentBytes: Int = 16 << 20) {
    self.unreadMessages = unreadMessages
    self.unsentBytes = unsentBytes
  }
}
