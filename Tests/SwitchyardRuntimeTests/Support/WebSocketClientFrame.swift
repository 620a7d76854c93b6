/// A WebSocket frame as a fuzzing client writes it (RFC 6455 §5.2), honest or not: any opcode,
/// reserved bits, masked or not, its length in any of the three forms, or a length it does not carry.
struct WebSocketClientFrame {
  /// How the payload length is written.
  enum Length {
    /// The shortest form, as the RFC requires.
    case minimal
    /// The 16-bit form, whatever the length.
    case sixteenBit
    /// The 64-bit form, whatever the length.
    case sixtyFourBit
    /// The 64-bit form claiming this many bytes; the payload is not written.
    case claims(UInt64)
  }

  var fin = true
  var reserved: UInt8 = 0
  var opcode: UInt8
  var masked = true
  var length = Length.minimal
  var payload: [UInt8]

  static func text(_ text: [UInt8], fin: Bool = true) -> WebSocketClientFrame {
    WebSocketClientFrame(fin: fin, opcode: 0x1, payload: text)
  }

  /// A close frame carrying `code` and `reason`, or nothing when `code` is `nil`.
  static func close(_ code: UInt16?, reason: [UInt8] = []) -> WebSocketClientFrame {
    WebSocketClientFrame(opcode: 0x8, payload: code.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] + reason } ?? [])
  }

  /// The frame's bytes, masked with `key` when ``masked``.
  func bytes(key: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [(fin ? 0x80 : 0) | (reserved << 4) | (opcode & 0x0F)]
    let mask: UInt8 = masked ? 0x80 : 0
    func bigEndian(_ value: UInt64, bytes count: Int) -> [UInt8] {
      (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(count - 1 - $0))) }
    }
    switch length {
    case .minimal where payload.count < 126:
      out.append(mask | UInt8(payload.count))
    case .minimal where payload.count <= 0xFFFF, .sixteenBit:
      out.append(mask | 126)
      out += bigEndian(UInt64(payload.count), bytes: 2)
    case .minimal, .sixtyFourBit:
      out.append(mask | 127)
      out += bigEndian(UInt64(payload.count), bytes: 8)
    case let .claims(claimed):
      out.append(mask | 127)
      out += bigEndian(claimed, bytes: 8)
      if masked { out += key }
      return out
    }
    guard masked else { return out + payload }
    out += key
    out += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
    return out
  }
}
