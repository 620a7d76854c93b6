/// Writes a value that is a single JSON value for a ``StreamEncoder``.
struct StreamSingleValueContainer: SingleValueEncodingContainer {
  let encoder: StreamEncoder
  /// Where the value's slot is; writing anywhere else means the value was already written.
  let depth: Int
  let mark: Int

  var codingPath: [any CodingKey] { encoder.codingPath }

  @inline(__always)
  private func slot() throws {
    let state = encoder.state
    guard !state.pointee.needsTree, state.pointee.open.count == depth, state.pointee.bytes.count == mark else {
      state.pointee.needsTree = true
      throw StreamEncoder.NeedsTree()
    }
  }

  @inline(__always)
  private func integer<T: FixedWidthInteger>(_ value: T) throws {
    try slot()
    JSONWriting.appendInteger(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encodeNil() throws {
    try slot()
    JSONWriting.appendNull(to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: Bool) throws {
    try slot()
    JSONWriting.appendBool(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: String) throws {
    try slot()
    JSONWriting.appendString(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: Double) throws {
    try slot()
    try encoder.encodeDouble(value)
  }

  mutating func encode(_ value: Float) throws {
    try slot()
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

  mutating func encode<T: Encodable>(_ value: T) throws {
    try slot()
    try encoder.encode(value, key: WireCodingKey?.none)
  }
}
