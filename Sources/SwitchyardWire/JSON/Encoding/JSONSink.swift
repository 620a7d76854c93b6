/// Where ``JSONWriting`` writes: a `[UInt8]`, or the encoder's ``ByteBuffer``.
protocol JSONSink {
  mutating func writeByte(_ byte: UInt8)
  mutating func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension JSONSink {
  /// Writes a literal such as `null`.
  @inline(__always)
  mutating func writeStatic(_ text: StaticString) {
    writeBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}

extension Array: JSONSink where Element == UInt8 {
  mutating func writeByte(_ byte: UInt8) { append(byte) }
  mutating func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}
