/// SHA-1 (FIPS 180-4 §6.1), here only because the WebSocket opening handshake needs it.
///
/// SHA-1 is broken for collision resistance; RFC 6455 uses it as a checksum that proves the peer
/// speaks WebSocket, not for security. Don't use it for anything that must resist an attacker.
struct SHA1 {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
  )
  /// Bytes not yet processed: always fewer than one 64-byte block.
  private var pending: [UInt8] = []
  private var totalLength: UInt64 = 0

  init() {
    pending.reserveCapacity(64)
  }

  /// The 20-byte digest of `bytes`.
  static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    var sha = SHA1()
    sha.update(bytes)
    return sha.finalize()
  }

  /// Feeds more of the message; call as often as needed before ``finalize()``.
  mutating func update(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      pending.append(byte)
      totalLength &+= 1
      if pending.count == 64 {
        processBlock(pending)
        pending.removeAll(keepingCapacity: true)
      }
    }
  }

  /// Pads the message (FIPS 180-4 §5.1.1) and returns the 20-byte digest.
  mutating func finalize() -> [UInt8] {
    let bitLength = totalLength &* 8
    pending.append(0x80)
    if pending.count > 56 {
      pending.append(contentsOf: repeatElement(0, count: 64 - pending.count))
      processBlock(pending)
      pending.removeAll(keepingCapacity: true)
    }
    pending.append(contentsOf: repeatElement(0, count: 56 - pending.count))
    for shift in stride(from: 56, through: 0, by: -8) {
      pending.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    processBlock(pending)
    pending.removeAll()
    var digest: [UInt8] = []
    digest.reserveCapacity(20)
    for word in [state.0, state.1, state.2, state.3, state.4] {
      digest.append(contentsOf: [
        UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
        UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
      ])
    }
    return digest
  }

  private mutating func processBlock(_ block: [UInt8]) {
    var schedule = [UInt32](repeating: 0, count: 80)
    for index in 0..<16 {
      schedule[index] =
        UInt32(block[index * 4]) << 24 | UInt32(block[index * 4 + 1]) << 16
        | UInt32(block[index * 4 + 2]) << 8 | UInt32(block[index * 4 + 3])
    }
    for index in 16..<80 {
      let mixed = schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14] ^ schedule[index - 16]
      schedule[index] = mixed.rotatedLeft(by: 1)
    }
    var (a, b, c, d, e) = state
    for index in 0..<80 {
      let f: UInt32
      let k: UInt32
      switch index {
      case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
      case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
      case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
      default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
      }
      let temp = a.rotatedLeft(by: 5) &+ f &+ e &+ k &+ schedule[index]
      (e, d, c, b, a) = (d, c, b.rotatedLeft(by: 30), a, temp)
    }
    state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
  }
}

extension UInt32 {
  fileprivate func rotatedLeft(by count: UInt32) -> UInt32 {
    (self << count) | (self >> (32 - count))
  }
}
