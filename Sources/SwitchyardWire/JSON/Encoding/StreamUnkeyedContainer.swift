/// Writes an array's elements for a ``StreamEncoder``.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: StreamEncoder
  let level: Int
  let token: UInt32

  var codingPath: [any CodingKey] { encoder.codingPath }

  var count: Int {
    let open = encoder.state.pointee.open
    return level < open.count && open[level].token == token ? open[level].count : 0
  }

  @inline(__always)
  private func element() throws {
    try encoder.prepare(level: level, token: token, key: nil)
  }

  @inline(__always)
  private func integer<T: FixedWidthInteger>(_ value: T) throws {
    try element()
    JSONWriting.appendInteger(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encodeNil() throws {
    try element()
    JSONWriting.appendNull(to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: Bool) throws {
    try element()
    JSONWriting.appendBool(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: String) throws {
    try element()
    JSONWriting.appendString(value, to: &encoder.state.pointee.bytes)
  }

  mutating func encode(_ value: Double) throws {
    try element()
    try encoder.encodeDouble(value)
  }

  mutating func encode(_ value: Float) throws {
    try element()
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
    let index = count
    try element()
    try encoder.encode(value, key: WireCodingKey(index))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let (level, token) = encoder.prepareNested(level: level, token: token, key: nil, isObject: true)
    return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(encoder: encoder, level: level, token: token))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let (level, token) = encoder.prepareNested(level: level, token: token, key: nil, isObject: false)
    return StreamUnkeyedContainer(encoder: encoder, level: level, token: token)
  }

  mutating func superEncoder() -> any Encoder { encoder.requireTree() }
}
