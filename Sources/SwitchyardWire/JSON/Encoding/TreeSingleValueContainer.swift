/// Sets a node to a single value for a ``TreeEncoder``.
struct TreeSingleValueContainer: SingleValueEncodingContainer {
  let encoder: TreeEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  private func set(_ write: (inout [UInt8]) throws -> Void) rethrows {
    encoder.node.setScalar(try encoder.scalar(write))
  }

  private func integer<T: FixedWidthInteger>(_ value: T) {
    set { JSONWriting.appendInteger(value, to: &$0) }
  }

  mutating func encodeNil() throws { set { JSONWriting.appendNull(to: &$0) } }
  mutating func encode(_ value: Bool) throws { set { JSONWriting.appendBool(value, to: &$0) } }
  mutating func encode(_ value: String) throws { set { JSONWriting.appendString(value, to: &$0) } }
  mutating func encode(_ value: Double) throws { try set { try encoder.appendDouble(value, to: &$0) } }
  mutating func encode(_ value: Float) throws { try set { try encoder.appendFloat(value, to: &$0) } }
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
  mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encode(value) }
}
