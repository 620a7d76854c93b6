/// A complete WebSocket message, reassembled from however many frames carried it.
public enum WebSocketMessage: Hashable, Sendable {
  /// A text message; the protocol guarantees valid UTF-8.
  case text(String)
  /// A binary message.
  case binary([UInt8])
}
