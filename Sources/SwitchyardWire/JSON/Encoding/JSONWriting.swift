// Rounding doubles calls the C math library; importing it makes every program that uses this
// module link it, even one that imports nothing else.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing JSON scalars straight into a byte sink: escaped strings, integers, shortest
/// round-tripping doubles.
enum JSONWriting {
  private static let hexDigits: StaticString = "0123456789abcdef"

  /// Writes `string` quoted, escaping `"`, `\` and control characters; other characters,
  /// non-ASCII included, are copied as the UTF-8 they already are.
  @inline(__always)
  static func appendString<Sink: JSONSink>(_ string: String, to sink: inout Sink) {
    var string = string
    string.withUTF8 { utf8 in appendString(utf8, to: &sink) }
  }

  static func appendString<Sink: JSONSink>(_ utf8: UnsafeBufferPointer<UInt8>, to sink: inout Sink) {
    sink.writeByte(UInt8(ascii: "\""))
    guard let base = utf8.baseAddress else {
      sink.writeByte(UInt8(ascii: "\""))
      return
    }
    let count = utf8.count
    var runStart = 0
    var index = 0
    while index < count {
      if index + 8 <= count, !ByteScan.needsEscape(ByteScan.word(at: base + index)) {
        index += 8
        continue
      }
      let byte = base[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        if runStart < index { sink.writeBytes(UnsafeBufferPointer(start: base + runStart, count: index - runStart)) }
        appendEscape(for: byte, to: &sink)
        runStart = index + 1
      }
      index += 1
    }
    if runStart < count { sink.writeBytes(UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
    sink.writeByte(UInt8(ascii: "\""))
  }

  private static func appendEscape<Sink: JSONSink>(for byte: UInt8, to sink: inout Sink) {
    sink.writeByte(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): sink.writeByte(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): sink.writeByte(UInt8(ascii: "\\"))
    case 0x0A: sink.writeByte(UInt8(ascii: "n"))
    case 0x0D: sink.writeByte(UInt8(ascii: "r"))
    case 0x09: sink.writeByte(UInt8(ascii: "t"))
    case 0x08: sink.writeByte(UInt8(ascii: "b"))
    case 0x0C: sink.writeByte(UInt8(ascii: "f"))
    default:
      sink.writeStatic("u00")
      sink.writeByte(hexDigits.utf8Start[Int(byte >> 4)])
      sink.writeByte(hexDigits.utf8Start[Int(byte & 0xF)])
    }
  }

  /// Writes an integer of at most 64 bits in decimal.
  @inline(__always)
  static func appendInteger<T: FixedWidthInteger, Sink: JSONSink>(_ value: T, to sink: inout Sink) {
    if value < 0 { sink.writeByte(UInt8(ascii: "-")) }
    appendMagnitude(UInt64(truncatingIfNeeded: value.magnitude), to: &sink)
  }

  private static func appendMagnitude<Sink: JSONSink>(_ value: UInt64, to sink: inout Sink) {
    var magnitude = value
    if magnitude < 10 {
      sink.writeByte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var index = 20
      while magnitude > 0 {
        index -= 1
        digits[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      }
      sink.writeBytes(UnsafeBufferPointer(rebasing: digits[index..<20]))
    }
  }

  /// Writes a finite double in the shortest form that reads back as the same double, always
  /// with a fraction or exponent so that it reads back as a double rather than an integer.
  static func appendDouble<Sink: JSONSink>(_ value: Double, to sink: inout Sink) {
    if value.magnitude < 1e15, value == value.rounded(.towardZero) {
      if value.sign == .minus { sink.writeByte(UInt8(ascii: "-")) }
      appendMagnitude(UInt64(value.magnitude), to: &sink)
      sink.writeStatic(".0")
    } else {
      var text = value.description
      text.withUTF8 { sink.writeBytes($0) }
    }
  }

  /// Writes a finite float in the shortest form that reads back as the same float.
  static func appendFloat<Sink: JSONSink>(_ value: Float, to sink: inout Sink) {
    var text = value.description
    text.withUTF8 { sink.writeBytes($0) }
  }

  @inline(__always)
  static func appendNull<Sink: JSONSink>(to sink: inout Sink) { sink.writeStatic("null") }

  @inline(__always)
  static func appendBool<Sink: JSONSink>(_ value: Bool, to sink: inout Sink) {
    sink.writeStatic(value ? "true" : "false")
  }
}
