/// Base64 with the standard alphabet and padding (RFC 4648 §4).
///
/// Written here rather than taken from Foundation so that decoding is strict: the handshake must
/// refuse a `Sec-WebSocket-Key` that is not exactly 16 bytes of canonical base64, and Foundation's
/// decoder accepts non-canonical input.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Maps an ASCII byte to its 6-bit value, or 0xFF for bytes outside the alphabet.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, byte) in alphabet.enumerated() {
      table[Int(byte)] = UInt8(index)
    }
    return table
  }()

  /// The padded base64 text of `bytes`.
  static func encode(_ bytes: some Collection<UInt8>) -> String {
    let input = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity((input.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= input.count {
      let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
      output.append(contentsOf: (0..<4).map { alphabet[Int(group >> UInt32(18 - 6 * $0) & 0x3F)] })
      index += 3
    }
    let remaining = input.count - index
    if remaining > 0 {
      let first = UInt32(input[index]) << 16
      let second = remaining == 2 ? UInt32(input[index + 1]) << 8 : 0
      let group = first | second
      output.append(alphabet[Int(group >> 18 & 0x3F)])
      output.append(alphabet[Int(group >> 12 & 0x3F)])
      output.append(remaining == 2 ? alphabet[Int(group >> 6 & 0x3F)] : UInt8(ascii: "="))
      output.append(UInt8(ascii: "="))
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes that `text` encodes, or `nil` unless `text` is canonical padded base64: a multiple
  /// of four characters from the alphabet, `=` only as final padding, and zero unused bits.
  static func decode(_ text: String) -> [UInt8]? {
    let input = Array(text.utf8)
    guard input.count % 4 == 0 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(input.count / 4 * 3)
    var index = 0
    while index < input.count {
      let isLastGroup = index + 4 == input.count
      let padding = isLastGroup ? input[index...].reversed().prefix { $0 == UInt8(ascii: "=") }.count : 0
      guard padding <= 2 else { return nil }
      var group: UInt32 = 0
      for offset in 0..<4 {
        let byte = input[index + offset]
        let value: UInt8
        if offset >= 4 - padding {
          value = 0
        } else {
          value = values[Int(byte)]
          guard value != 0xFF else { return nil }
        }
        group = group << 6 | UInt32(value)
      }
      let decoded = [UInt8(truncatingIfNeeded: group >> 16), UInt8(truncatingIfNeeded: group >> 8), UInt8(truncatingIfNeeded: group)]
      // Canonical form: the bits that padding leaves unused must be zero.
      if padding == 1, decoded[2] != 0 { return nil }
      if padding == 2, decoded[1] != 0 || decoded[2] != 0 { return nil }
      output.append(contentsOf: decoded.prefix(3 - padding))
      index += 4
    }
    return output
  }
}
