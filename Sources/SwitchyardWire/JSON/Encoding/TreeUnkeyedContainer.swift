/// Builds an array's elements for a ``TreeEncoder``.
struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: TreeEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { encoder.node.children.count }

  private func append(_ write: (inout [UInt8]) throws -> Void) rethrows {
    encoder.node.appendElement().setScalar(try encoder.scalar(write))
  }

  private func integer<T: FixedWidthInteger>(_ value: T) {
    append { JSONWriting.appendInteger(value, to: &$0) }
  }

  mutating func encodeNil() throws { append { JSONWriting.appendNull(to: &$0) } }
  mutating func encode(_ value: Bool) throws { append { JSONWriting.appendBool(value, to: &$0) } }
  mutating func encode(_ value: String) throws { append { JSONWriting.appendString(value, to: &$0) } }
  mutating func encode(_ value: Double) throws { try append { try encoder.appendDouble(value, to: &$0) } }
  mutating func encode(_ value: Float) throws { try append { try encoder.appendFloat(value, to: &$0) } }
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

  mutating func encode<T: Encodable>(_ value: T) throws {
    let index = count
    try encoder.child(encoder.node.appendElement(), key: WireCodingKey(index)).encode(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let index = count
    return encoder.child(encoder.node.appendElement(), key: WireCodingKey(index)).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let index = count
    return encoder.child(encoder.node.appendElement(), key: WireCodingKey(index)).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let index = count
    return encoder.child(encoder.node.appendElement(), key: WireCodingKey(index))
  }
}
