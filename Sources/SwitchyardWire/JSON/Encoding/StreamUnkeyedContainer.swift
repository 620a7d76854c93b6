/// Writes an array's elements for a ``StreamEncoder``.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer, StreamScalarWriting {
  let encoder: StreamEncoder
  let level: Int
  let token: UInt32

  var codingPath: [any CodingKey] { encoder.codingPath }

  var count: Int {
    let open = encoder.state.pointee.open
    return level < open.count && open[level].token == token ? open[level].count : 0
  }

  @inline(__always)
  func claimSlot() throws {
    try encoder.prepare(level: level, token: token, key: nil)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let index = count
    try claimSlot()
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
