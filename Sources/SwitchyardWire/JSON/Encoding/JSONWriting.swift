/// Writing JSON scalars straight into a byte buffer: escaped strings, integers, shortest
/// round-tripping doubles.
enum JSONWriting {
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Appends `string` quoted, escaping `"`, `\` and control characters; other characters,
  /// non-ASCII included, are copied as the UTF-8 they already are.
  static func appendString(_ string: String, to bytes: inout [UInt8]) {
    var string = string
    string.withUTF8 { utf8 in appendString(utf8, to: &bytes) }
  }

  static func appendString(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    for index in 0..<utf8.count {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
      appendEscape(for: byte, to: &bytes)
      runStart = index + 1
    }
    if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func appendEscape(for byte: UInt8, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    default:
      bytes.append(contentsOf: [
        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)],
      ])
    }
  }

  /// Appends an integer of at most 64 bits in decimal.
  static func appendInteger<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    var magnitude = UInt64(truncatingIfNeeded: value.magnitude)
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    if magnitude < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var index = 20
      while magnitude > 0 {
        index -= 1
        digits[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index..<20]))
    }
  }

  /// Appends a finite double in the shortest form that reads back as the same double, always
  /// with a fraction or exponent so that it reads back as a double rather than an integer.
  static func appendDouble(_ value: Double, to bytes: inout [UInt8]) {
    if value.magnitude < 1e15, value == value.rounded(.towardZero) {
      if value == 0, value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
      appendInteger(Int64(value), to: &bytes)
      bytes.append(UInt8(ascii: "."))
      bytes.append(UInt8(ascii: "0"))
    } else {
      bytes.append(contentsOf: value.description.utf8)
    }
  }

  /// Appends a finite float in the shortest form that reads back as the same float.
  static func appendFloat(_ value: Float, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: value.description.utf8)
  }

  static func appendNull(to bytes: inout [UInt8]) {
    bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
  }

  static func appendBool(_ value: Bool, to bytes: inout [UInt8]) {
    if value {
      bytes.append(contentsOf: [UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")])
    } else {
      bytes.append(contentsOf: [
        UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e"),
      ])
    }
  }
}
