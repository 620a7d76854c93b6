/// The kind of a WebSocket frame (RFC 6455 §5.2).
enum WebSocketOpcode: UInt8, Sendable {
  case continuation = 0x0
  case text = 0x1
  case binary = 0x2
  case close = 0x8
  case ping = 0x9
  case pong = 0xA

  /// Control frames (close, ping, pong) may arrive between the fragments of a message, must be
  /// at most 125 bytes, and are never fragmented themselves (§5.5).
  var isControl: Bool {
    rawValue & 0x8 != 0
  }
}
