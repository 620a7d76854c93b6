/// The code and reason of a close frame: why the peer (or this side) ended the connection.
public struct WebSocketCloseStatus: Hashable, Sendable, CustomStringConvertible {
  /// Why the connection ended; ``WebSocketCloseCode/noStatusReceived`` when the frame had none.
  public var code: WebSocketCloseCode
  /// Free text for people, possibly empty; at most 123 bytes of UTF-8 on the wire.
  public var reason: String

  /// A status with `code` and an optional `reason`.
  public init(code: WebSocketCloseCode, reason: String = "") {
    self.code = code
    self.reason = reason
  }

  /// The code and, if any, the reason, e.g. `1001 (server stopping)`.
  public var description: String {
    reason.isEmpty ? "\(code)" : "\(code) (\(reason))"
  }
}
