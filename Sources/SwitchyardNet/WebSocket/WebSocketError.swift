/// Everything that can go wrong on a WebSocket: connecting, the opening handshake, a peer that
/// breaks RFC 6455, and a connection that ends early.
public enum WebSocketError: Error, Hashable, Sendable, CustomStringConvertible {
  // MARK: Connecting

  /// The URL has no host or is not a URL at all.
  case invalidURL(String)
  /// The URL's scheme is not `ws`; `wss` (TLS) is not implemented.
  case unsupportedScheme(String)
  /// The host name did not resolve to an address.
  case hostNotFound(host: String, reason: String)
  /// No address of the host accepted a TCP connection.
  case connectionFailed(host: String, port: Int, reason: String)
  /// Connecting and the opening handshake together took longer than the timeout.
  case timedOut(Duration)

  // MARK: The opening handshake

  /// The server answered the upgrade request with a status other than 101.
  case handshakeRejected(status: Int, reason: String)
  /// The server's 101 answer, or the bytes around it, break RFC 6455 §4.1.
  case invalidHandshake(String)
  /// `Sec-WebSocket-Accept` did not prove the server read our key (§4.1, step 4).
  case acceptMismatch(expected: String, received: String)

  // MARK: Frames that break RFC 6455 §5

  /// A frame set RSV1–3 although no extension was negotiated.
  case reservedBitsSet
  /// A frame used an opcode RFC 6455 does not define.
  case unknownOpcode(UInt8)
  /// A client sent an unmasked frame; clients must mask every frame (§5.1).
  case unmaskedClientFrame
  /// A server sent a masked frame; servers must not mask (§5.1).
  case maskedServerFrame
  /// A control frame carried more than 125 bytes.
  case controlFrameTooLong(Int)
  /// A control frame had FIN clear; control frames are never fragmented.
  case fragmentedControlFrame
  /// A length was encoded in more bytes than needed (§5.2 requires the shortest form).
  case nonMinimalLength
  /// A 64-bit length had its most significant bit set.
  case invalidLength
  /// A message, counting every fragment so far, exceeded the limit; nothing past it was buffered.
  case messageTooLarge(limit: Int)
  /// A continuation frame arrived with no fragmented message in progress.
  case unexpectedContinuation
  /// A new text or binary frame arrived while a fragmented message was unfinished.
  case expectedContinuation
  /// A text message or a close reason was not valid UTF-8.
  case invalidUTF8
  /// A close frame carried a single byte, too short for a status code.
  case invalidClosePayload
  /// A close frame carried a code no endpoint may send.
  case invalidCloseCode(UInt16)

  // MARK: After the handshake

  /// A send or ping came after the close handshake started.
  case connectionClosed
  /// The connection ended without a close handshake (§7.1.5: code 1006).
  case connectionLost(String)
  /// A send would have left more than `limit` bytes queued for a peer that does not read them
  /// (``WebSocketBuffers/unsentBytes``); the connection is closed with 1008.
  case peerTooSlow(limit: Int)

  /// The close code to send the peer when this error ends a connection (§7.4.1).
  var closeCode: WebSocketCloseCode {
    switch self {
    case .invalidUTF8: return .invalidPayloadData
    case .messageTooLarge: return .messageTooBig
    default: return .protocolError
    }
  }

  /// What happened, in a sentence that says what to check or change.
  public var description: String {
    switch self {
    case .invalidURL(let url):
      return "'\(url)' is not a WebSocket URL; use ws://host:port/path."
    case .unsupportedScheme(let scheme):
      return "The scheme '\(scheme)' is not supported: SwitchyardNet speaks plain ws:// only, not wss:// (TLS)."
    case .hostNotFound(let host, let reason):
      return "The host '\(host)' did not resolve (\(reason)); check the URL."
    case .connectionFailed(let host, let port, let reason):
      return "Could not connect to \(ListenAddress.authority(host: host, port: port)) (\(reason)); is the server running?"
    case .timedOut(let timeout):
      return "Connecting and the WebSocket handshake took longer than \(timeout); the server may be overloaded or not speak WebSocket."
    case .handshakeRejected(let status, let reason):
      return "The server refused the WebSocket upgrade with HTTP \(status) \(reason); check the path and the server's routes."
    case .invalidHandshake(let problem):
      return "The server's handshake answer is invalid: \(problem)."
    case .acceptMismatch(let expected, let received):
      return "The server's Sec-WebSocket-Accept was '\(received)', expected '\(expected)'; it is not a conforming WebSocket server."
    case .reservedBitsSet:
      return "The peer set reserved frame bits without negotiating an extension."
    case .unknownOpcode(let opcode):
      return "The peer sent a frame with the undefined opcode \(opcode)."
    case .unmaskedClientFrame:
      return "The client sent an unmasked frame; WebSocket clients must mask every frame."
    case .maskedServerFrame:
      return "The server sent a masked frame; WebSocket servers must not mask frames."
    case .controlFrameTooLong(let length):
      return "The peer sent a \(length)-byte control frame; control frames carry at most 125 bytes."
    case .fragmentedControlFrame:
      return "The peer fragmented a control frame; control frames must not be fragmented."
    case .nonMinimalLength:
      return "The peer encoded a frame length in more bytes than needed."
    case .invalidLength:
      return "The peer sent a 64-bit frame length with the most significant bit set."
    case .messageTooLarge(let limit):
      return "The peer sent a message over the \(limit)-byte limit; raise maxMessageSize if such messages are expected."
    case .unexpectedContinuation:
      return "The peer sent a continuation frame with no fragmented message in progress."
    case .expectedContinuation:
      return "The peer started a new message before finishing a fragmented one."
    case .invalidUTF8:
      return "The peer sent text that is not valid UTF-8."
    case .invalidClosePayload:
      return "The peer sent a close frame with a 1-byte payload, too short for a status code."
    case .invalidCloseCode(let code):
      return "The peer sent the close code \(code), which no endpoint may send."
    case .connectionClosed:
      return "The WebSocket is closing or closed; open a new connection to send more."
    case .connectionLost(let reason):
      return "The WebSocket connection was lost without a close handshake: \(reason)."
    case .peerTooSlow(let limit):
      return "The peer left more than \(limit) bytes unread, so the connection was closed with 1008; raise WebSocketBuffers.unsentBytes if it reads large messages slowly."
    }
  }
}
