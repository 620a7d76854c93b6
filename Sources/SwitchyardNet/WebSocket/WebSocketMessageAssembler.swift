/// Reassembles frames into messages and surfaces control frames, enforcing the message-level
/// rules of RFC 6455 §5.4–5.5: continuation order, the size limit across fragments, UTF-8 text
/// and well-formed close frames.
///
/// It is pure (bytes in, events out), so the connection's threads hold no protocol logic and
/// every violation can be tested without a socket.
struct WebSocketMessageAssembler {
  /// What the peer said, in order.
  enum Event: Equatable, Sendable {
    case message(WebSocketMessage)
    case ping([UInt8])
    case pong([UInt8])
    case close(WebSocketCloseStatus)
  }

  private var decoder: WebSocketFrameDecoder
  /// The opcode of the fragmented message in progress, if any.
  private var fragmentedOpcode: WebSocketOpcode?
  private var fragments: [UInt8] = []

  init(expectsMaskedFrames: Bool, maxMessageSize: Int) {
    decoder = WebSocketFrameDecoder(expectsMaskedFrames: expectsMaskedFrames, maxMessageSize: maxMessageSize)
  }

  /// Adds received bytes; call ``nextEvent()`` until it returns `nil`.
  mutating func append(_ bytes: some Collection<UInt8>) {
    decoder.append(bytes)
  }

  /// The next message or control frame, or `nil` until more bytes arrive.
  mutating func nextEvent() throws(WebSocketError) -> Event? {
    while let frame = try decoder.nextFrame(messageBytesSoFar: fragments.count) {
      switch frame.opcode {
      case .ping:
        return .ping(frame.payload)
      case .pong:
        return .pong(frame.payload)
      case .close:
        return .close(try Self.closeStatus(from: frame.payload))
      case .text, .binary:
        guard fragmentedOpcode == nil else { throw .expectedContinuation }
        if frame.fin {
          return .message(try Self.message(frame.opcode, frame.payload))
        }
        fragmentedOpcode = frame.opcode
        fragments = frame.payload
      case .continuation:
        guard let opcode = fragmentedOpcode else { throw .unexpectedContinuation }
        fragments.append(contentsOf: frame.payload)
        if frame.fin {
          let payload = fragments
          fragments = []
          fragmentedOpcode = nil
          return .message(try Self.message(opcode, payload))
        }
      }
    }
    return nil
  }

  private static func message(_ opcode: WebSocketOpcode, _ payload: [UInt8]) throws(WebSocketError) -> WebSocketMessage {
    guard opcode == .text else { return .binary(payload) }
    guard let text = String(validating: payload, as: UTF8.self) else { throw .invalidUTF8 }
    return .text(text)
  }

  /// Parses a close payload: empty, or a 2-byte code plus an optional UTF-8 reason (§5.5.1).
  static func closeStatus(from payload: [UInt8]) throws(WebSocketError) -> WebSocketCloseStatus {
    guard !payload.isEmpty else { return WebSocketCloseStatus(code: .noStatusReceived) }
    guard payload.count >= 2 else { throw .invalidClosePayload }
    let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
    guard code.isAllowedOnWire else { throw .invalidCloseCode(code.rawValue) }
    guard let reason = String(validating: payload[2...], as: UTF8.self) else { throw .invalidUTF8 }
    return WebSocketCloseStatus(code: code, reason: reason)
  }

  /// The payload of a close frame carrying `status`, with the reason cut to fit in 125 bytes.
  static func closePayload(_ status: WebSocketCloseStatus) -> [UInt8] {
    var reason = Substring(status.reason)
    while reason.utf8.count > WebSocketFrame.maxControlPayload - 2 {
      reason = reason.dropLast()
    }
    return [UInt8(truncatingIfNeeded: status.code.rawValue >> 8), UInt8(truncatingIfNeeded: status.code.rawValue)]
      + Array(reason.utf8)
  }
}
