/// The status code of a close frame (RFC 6455 §7.4), saying why a connection ends.
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The code as it travels on the wire.
  public let rawValue: UInt16

  /// Wraps any code; ``isAllowedOnWire`` tells whether a peer may send it.
  public init(rawValue: UInt16) {
    self.rawValue = rawValue
  }

  /// 1000: the purpose of the connection is fulfilled.
  public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
  /// 1001: the endpoint is going away (a server stopping, a client leaving).
  public static let goingAway = WebSocketCloseCode(rawValue: 1001)
  /// 1002: the peer broke the protocol.
  public static let protocolError = WebSocketCloseCode(rawValue: 1002)
  /// 1003: the peer sent a kind of data this endpoint cannot accept.
  public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
  /// 1005: the close frame carried no code. Reported locally, never sent.
  public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
  /// 1006: the connection dropped without a close frame. Reported locally, never sent.
  public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
  /// 1007: a text message or close reason was not valid UTF-8.
  public static let invalidPayloadData = WebSocketCloseCode(rawValue: 1007)
  /// 1008: a message broke the endpoint's policy.
  public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
  /// 1009: a message was larger than the endpoint accepts.
  public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
  /// 1010: the server did not agree to an extension the client requires.
  public static let mandatoryExtension = WebSocketCloseCode(rawValue: 1010)
  /// 1011: the server hit an unexpected condition.
  public static let internalError = WebSocketCloseCode(rawValue: 1011)

  /// Whether a close frame may carry this code: the defined codes other than the local-only
  /// 1005, 1006 and 1015, the IANA-registered 1012–1014, and the 3000–4999 application range.
  public var isAllowedOnWire: Bool {
    switch rawValue {
    case 1000...1003, 1007...1014, 3000...4999: return true
    default: return false
    }
  }

  /// The numeric code, e.g. `1000`.
  public var description: String {
    String(rawValue)
  }
}
