/// Reading scalars out of validated JSON bytes: strings with their escapes resolved, and numbers
/// exactly, without going through `String` on the common paths.
enum JSONScalars {
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// The string spelled by already-validated contents without escapes.
  @inline(__always)
  static func plainString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// The string spelled by already-validated contents with escapes; unescaping never lengthens
  /// the text, so the result fits in the same number of bytes.
  static func unescapedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: bytes.count) { output in
      var read = 0
      var written = 0
      while read < bytes.count {
        let byte = bytes[read]
        guard byte == UInt8(ascii: "\\") else {
          output[written] = byte
          written += 1
          read += 1
          continue
        }
        let escape = bytes[read + 1]
        read += 2
        switch escape {
        case UInt8(ascii: "b"): output[written] = 0x08
        case UInt8(ascii: "f"): output[written] = 0x0C
        case UInt8(ascii: "n"): output[written] = 0x0A
        case UInt8(ascii: "r"): output[written] = 0x0D
        case UInt8(ascii: "t"): output[written] = 0x09
        case UInt8(ascii: "u"):
          var scalar = UInt32(hexUnit(bytes, at: read))
          read += 4
          if scalar >= 0xD800 && scalar <= 0xDBFF {
            let low = UInt32(hexUnit(bytes, at: read + 2))
            read += 6
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          written += writeUTF8(scalar, to: output, at: written)
          continue
        default: output[written] = escape
        }
        written += 1
      }
      return written
    }
  }

  private static func hexUnit(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16 {
    var unit: UInt16 = 0
    for offset in 0..<4 { unit = unit << 4 | UInt16(hexValue(bytes[index + offset]) ?? 0) }
    return unit
  }

  private static func writeUTF8(_ scalar: UInt32, to output: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    switch scalar {
    case 0..<0x80:
      output[index] = UInt8(scalar)
      return 1
    case 0x80..<0x800:
      output[index] = UInt8(0xC0 | scalar >> 6)
      output[index + 1] = UInt8(0x80 | scalar & 0x3F)
      return 2
    case 0x800..<0x10000:
      output[index] = UInt8(0xE0 | scalar >> 12)
      output[index + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      output[index + 2] = UInt8(0x80 | scalar & 0x3F)
      return 3
    default:
      output[index] = UInt8(0xF0 | scalar >> 18)
      output[index + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      output[index + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      output[index + 3] = UInt8(0x80 | scalar & 0x3F)
      return 4
    }
  }

  /// The magnitude and sign of an integer spelled without fraction or exponent; `nil` past
  /// `UInt64.max`.
  static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> (magnitude: UInt64, isNegative: Bool)? {
    var index = 0
    let isNegative = bytes[0] == UInt8(ascii: "-")
    if isNegative { index = 1 }
    var value: UInt64 = 0
    if bytes.count - index <= 19 {
      while index < bytes.count {
        value = value &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
        index += 1
      }
      return (value, isNegative)
    }
    while index < bytes.count {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[index] &- UInt8(ascii: "0")))
      guard !overflow1 && !overflow2 else { return nil }
      value = sum
      index += 1
    }
    return (value, isNegative)
  }

  /// `Int64` or `UInt64` from an integer's text, `nil` when out of range.
  static func fixedWidth<T: FixedWidthInteger>(_ type: T.Type, _ bytes: UnsafeBufferPointer<UInt8>) -> T? {
    guard let (magnitude, isNegative) = integer(bytes) else { return nil }
    if isNegative {
      guard T.isSigned else { return magnitude == 0 ? 0 : nil }
      guard magnitude <= UInt64(T.max) &+ 1 else { return nil }
      return magnitude == UInt64(T.max) &+ 1 ? T.min : 0 - T(magnitude)
    }
    return T(exactly: magnitude)
  }

  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The double nearest to a JSON number, correctly rounded.
  ///
  /// Numbers with at most 15 significant digits and a small exponent are exact in one multiply
  /// or divide (Clinger's fast path); the rest go to the C library's correctly rounded `strtod`.
  static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
    var index = 0
    let isNegative = bytes[0] == UInt8(ascii: "-")
    if isNegative { index = 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var sawNonZero = false
    while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
      let digit = bytes[index] &- UInt8(ascii: "0")
      sawNonZero = sawNonZero || digit != 0
      if sawNonZero { digits += 1 }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      index += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
        let digit = bytes[index] &- UInt8(ascii: "0")
        sawNonZero = sawNonZero || digit != 0
        if sawNonZero { digits += 1 }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        exponent -= 1
        index += 1
      }
    }
    if index < bytes.count {
      index += 1
      var exponentIsNegative = false
      if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentIsNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      var written = 0
      while index < bytes.count {
        written = min(written &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0")), 100_000)
        index += 1
      }
      exponent += exponentIsNegative ? -written : written
    }
    if digits <= 15 && exponent >= -22 && exponent <= 22 {
      var value = Double(mantissa)
      if exponent < 0 { value /= powersOfTen[-exponent] } else { value *= powersOfTen[exponent] }
      return isNegative ? -value : value
    }
    return Double(String(decoding: bytes, as: UTF8.self)) ?? .nan
  }
}
