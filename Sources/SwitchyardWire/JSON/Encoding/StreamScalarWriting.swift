/// The scalar encoders a ``StreamEncoder``'s single-value and unkeyed containers share: each
/// scalar claims its place in the stream, then is written straight to the bytes.
protocol StreamScalarWriting {
  var encoder: StreamEncoder { get }

  /// Claims the place of the next value, or throws when the stream must fall back to a tree.
  func claimSlot() throws
}

extension StreamScalarWriting {
  @inline(__always)
  private func integer<T: FixedWidthInteger>(_ value: T) throws {
    try claimSlot()
    JSONWriting.appendInteger(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encodeNil() throws {
    try claimSlot()
    JSONWriting.appendNull(to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: Bool) throws {
    try claimSlot()
    JSONWriting.appendBool(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: String) throws {
    try claimSlot()
    JSONWriting.appendString(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: Double) throws {
    try claimSlot()
    try encoder.encodeDouble(value)
  }

  mutating func encode(_ value: Float) throws {
    try claimSlot()
    try encoder.encodeFloat(value)
  }

  mutating func encode(_ value: Int) throws { try integer(value) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }
}
