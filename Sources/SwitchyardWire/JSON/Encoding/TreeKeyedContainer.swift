/// Builds an object's members for a ``TreeEncoder``.
struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: TreeEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  private func set(_ key: Key, _ write: (inout [UInt8]) throws -> Void) rethrows {
    encoder.node.member(key.stringValue).setScalar(try encoder.scalar(write))
  }

  private func integer<T: FixedWidthInteger>(_ value: T, _ key: Key) {
    set(key) { JSONWriting.appendInteger(value, to: &$0) }
  }

  mutating func encodeNil(forKey key: Key) throws { set(key) { JSONWriting.appendNull(to: &$0) } }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(key) { JSONWriting.appendBool(value, to: &$0) } }
  mutating func encode(_ value: String, forKey key: Key) throws {
    set(key) { JSONWriting.appendString(value, to: &$0) }
  }
  mutating func encode(_ value: Double, forKey key: Key) throws { try set(key) { try encoder.appendDouble(value, to: &$0) } }
  mutating func encode(_ value: Float, forKey key: Key) throws { try set(key) { try encoder.appendFloat(value, to: &$0) } }
  mutating func encode(_ value: Int, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { integer(value, key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encoder.child(encoder.node.member(key.stringValue), key: key).encode(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.child(encoder.node.member(key.stringValue), key: key).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.child(encoder.node.member(key.stringValue), key: key).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    encoder.child(encoder.node.member(WireCodingKey.super.stringValue), key: WireCodingKey.super)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    encoder.child(encoder.node.member(key.stringValue), key: key)
  }
}
