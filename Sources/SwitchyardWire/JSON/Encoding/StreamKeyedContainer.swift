/// Writes an object's members for a ``StreamEncoder``.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: StreamEncoder
  let level: Int
  let token: UInt32

  var codingPath: [any CodingKey] { encoder.codingPath }

  @inline(__always)
  private func member(_ key: Key) throws {
    try encoder.prepare(level: level, token: token, key: key.stringValue)
  }

  @inline(__always)
  private func integer<T: FixedWidthInteger>(_ value: T, _ key: Key) throws {
    try member(key)
    JSONWriting.appendInteger(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encodeNil(forKey key: Key) throws {
    try member(key)
    JSONWriting.appendNull(to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try member(key)
    JSONWriting.appendBool(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    try member(key)
    JSONWriting.appendString(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    try member(key)
    try encoder.encodeDouble(value)
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    try member(key)
    try encoder.encodeFloat(value)
  }

  mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try member(key)
    try encoder.encode(value, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let (level, token) = encoder.prepareNested(level: level, token: token, key: key.stringValue, isObject: true)
    return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(encoder: encoder, level: level, token: token))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let (level, token) = encoder.prepareNested(level: level, token: token, key: key.stringValue, isObject: false)
    return StreamUnkeyedContainer(encoder: encoder, level: level, token: token)
  }

  mutating func superEncoder() -> any Encoder { encoder.requireTree() }
  mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.requireTree() }
}
