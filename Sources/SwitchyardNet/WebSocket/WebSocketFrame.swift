/// One WebSocket frame (RFC 6455 §5.2), unmasked: the codec masks on the way out and unmasks on
/// the way in, so the rest of the code sees payloads as the application sent them.
struct WebSocketFrame: Equatable, Sendable {
  /// The largest payload a control frame may carry (§5.5).
  static let maxControlPayload = 125

  var fin: Bool
  var opcode: WebSocketOpcode
  var payload: [UInt8]

  init(fin: Bool = true, opcode: WebSocketOpcode, payload: [UInt8] = []) {
    self.fin = fin
    self.opcode = opcode
    self.payload = payload
  }

  /// The frame's bytes on the wire; with a masking key (client to server) the payload is masked.
  ///
  /// Lengths use the shortest of the 7, 16 and 64-bit forms, as §5.2 requires.
  func encoded(maskingKey: [UInt8]? = nil) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(payload.count + 14)
    bytes.append((fin ? 0x80 : 0) | opcode.rawValue)
    let maskBit: UInt8 = maskingKey == nil ? 0 : 0x80
    switch payload.count {
    case 0...125:
      bytes.append(maskBit | UInt8(payload.count))
    case 126...0xFFFF:
      bytes.append(maskBit | 126)
      bytes.append(UInt8(truncatingIfNeeded: payload.count >> 8))
      bytes.append(UInt8(truncatingIfNeeded: payload.count))
    default:
      bytes.append(maskBit | 127)
      let length = UInt64(payload.count)
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
      }
    }
    guard let maskingKey else {
      bytes.append(contentsOf: payload)
      return bytes
    }
    bytes.append(contentsOf: maskingKey)
    let start = bytes.count
    bytes.append(contentsOf: payload)
    Self.applyMask(maskingKey, to: &bytes, from: start)
    return bytes
  }

  /// XORs `bytes[start...]` with the 4-byte key; masking and unmasking are the same operation.
  static func applyMask(_ key: [UInt8], to bytes: inout [UInt8], from start: Int) {
    let key0 = key[0], key1 = key[1], key2 = key[2], key3 = key[3]
    bytes.withUnsafeMutableBufferPointer { buffer in
      var index = start
      var keyIndex = 0
      while index < buffer.count {
        switch keyIndex {
        case 0: buffer[index] ^= key0
        case 1: buffer[index] ^= key1
        case 2: buffer[index] ^= key2
        default: buffer[index] ^= key3
        }
        keyIndex = (keyIndex + 1) & 3
        index += 1
      }
    }
  }

  /// Four fresh random bytes: §5.3 requires an unpredictable key for every client frame.
  static func randomMaskingKey() -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    let value = generator.next() as UInt32
    return [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }
}
