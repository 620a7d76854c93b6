/// The scalar encoders a ``TreeEncoder``'s single-value and unkeyed containers share: each
/// scalar is written to bytes and placed as one node.
protocol TreeScalarWriting {
  var encoder: TreeEncoder { get }

  /// Places the scalar `write` produces: in this container's node, or as its next element.
  func place(_ write: (inout [UInt8]) throws -> Void) rethrows
}

extension TreeScalarWriting {
  private func integer<T: FixedWidthInteger>(_ value: T) {
    place { JSONWriting.appendInteger(value, to: &$0) }
  }

  mutating func encodeNil() throws { place { JSONWriting.appendNull(to: &$0) } }
  mutating func encode(_ value: Bool) throws { place { JSONWriting.appendBool(value, to: &$0) } }
  mutating func encode(_ value: String) throws { place { JSONWriting.appendString(value, to: &$0) } }
  mutating func encode(_ value: Double) throws { try place { try encoder.appendDouble(value, to: &$0) } }
  mutating func encode(_ value: Float) throws { try place { try encoder.appendFloat(value, to: &$0) } }
  mutating func encode(_ value: Int) throws { integer(value) }
  mutating func encode(_ value: Int8) throws { integer(value) }
  mutating func encode(_ value: Int16) throws { integer(value) }
  mutating func encode(_ value: Int32) throws { integer(value) }
  mutating func encode(_ value: Int64) throws { integer(value) }
  mutating func encode(_ value: UInt) throws { integer(value) }
  mutating func encode(_ value: UInt8) throws { integer(value) }
  mutating func encode(_ value: UInt16) throws { integer(value) }
  mutating func encode(_ value: UInt32) throws { integer(value) }
  mutating func encode(_ value: UInt64) throws { integer(value) }
}
