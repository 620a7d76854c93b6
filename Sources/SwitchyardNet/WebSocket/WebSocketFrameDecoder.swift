/// Turns a byte stream, fed in chunks of any size, into WebSocket frames, enforcing the per-frame
/// rules of RFC 6455 §5.
///
/// Each rule is checked as soon as the bytes that decide it arrive: a frame that is too long is
/// refused from its header, before any of its payload is buffered.
struct WebSocketFrameDecoder {
  /// Whether frames must be masked: true when decoding what a client sent (on the server).
  let expectsMaskedFrames: Bool
  /// The largest message, in payload bytes across all its fragments, that will be buffered.
  let maxMessageSize: Int

  private var buffer: [UInt8] = []
  private var readIndex = 0

  init(expectsMaskedFrames: Bool, maxMessageSize: Int) {
    self.expectsMaskedFrames = expectsMaskedFrames
    self.maxMessageSize = maxMessageSize
  }

  /// Bytes received but not yet returned as frames.
  var bufferedByteCount: Int {
    buffer.count - readIndex
  }

  /// Adds received bytes; call ``nextFrame(messageBytesSoFar:)`` until it returns `nil`.
  mutating func append(_ bytes: some Collection<UInt8>) {
    if readIndex == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      readIndex = 0
    } else if readIndex > 65_536, readIndex * 2 > buffer.count {
      // Compacting only when most of the buffer is consumed keeps appends amortised O(1).
      buffer.removeFirst(readIndex)
      readIndex = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete frame, or `nil` until more bytes arrive.
  ///
  /// - Parameter messageBytesSoFar: payload bytes already held for the fragmented message in
  ///   progress, so that the limit covers the whole message, not one frame.
  mutating func nextFrame(messageBytesSoFar: Int = 0) throws(WebSocketError) -> WebSocketFrame? {
    let available = buffer.count - readIndex
    guard available >= 2 else { return nil }
    let first = buffer[readIndex]
    let second = buffer[readIndex + 1]
    guard first & 0x70 == 0 else { throw .reservedBitsSet }
    guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else { throw .unknownOpcode(first & 0x0F) }
    let fin = first & 0x80 != 0
    let masked = second & 0x80 != 0
    if masked != expectsMaskedFrames {
      throw expectsMaskedFrames ? .unmaskedClientFrame : .maskedServerFrame
    }
    if opcode.isControl, !fin { throw .fragmentedControlFrame }

    var headerLength = 2
    let payloadLength: Int
    switch second & 0x7F {
    case 126:
      guard available >= 4 else { return nil }
      let length = Int(buffer[readIndex + 2]) << 8 | Int(buffer[readIndex + 3])
      guard length >= 126 else { throw .nonMinimalLength }
      payloadLength = length
      headerLength = 4
    case 127:
      guard available >= 10 else { return nil }
      var length: UInt64 = 0
      for index in 2..<10 {
        length = length << 8 | UInt64(buffer[readIndex + index])
      }
      guard length >> 63 == 0 else { throw .invalidLength }
      guard length > 0xFFFF else { throw .nonMinimalLength }
      // Compared as UInt64 so that a huge length cannot overflow Int before the check.
      guard length <= UInt64(max(maxMessageSize - messageBytesSoFar, 0)) || opcode.isControl else {
        throw .messageTooLarge(limit: maxMessageSize)
      }
      payloadLength = Int(truncatingIfNeeded: length)
      headerLength = 10
    default:
      payloadLength = Int(second & 0x7F)
    }
    if opcode.isControl {
      guard payloadLength <= WebSocketFrame.maxControlPayload else { throw .controlFrameTooLong(payloadLength) }
    } else {
      guard payloadLength <= maxMessageSize - messageBytesSoFar else { throw .messageTooLarge(limit: maxMessageSize) }
    }

    let maskLength = masked ? 4 : 0
    guard available >= headerLength + maskLength + payloadLength else { return nil }
    let payloadStart = readIndex + headerLength + maskLength
    var payload = Array(buffer[payloadStart..<payloadStart + payloadLength])
    if masked {
      let key = Array(buffer[readIndex + headerLength..<payloadStart])
      WebSocketFrame.applyMask(key, to: &payload, from: 0)
    }
    readIndex = payloadStart + payloadLength
    return WebSocketFrame(fin: fin, opcode: opcode, payload: payload)
  }
}
