/// Builds an array's elements for a ``TreeEncoder``.
struct TreeUnkeyedContainer: UnkeyedEncodingContainer, TreeScalarWriting {
  let encoder: TreeEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { encoder.node.children.count }

  func place(_ write: (inout [UInt8]) throws -> Void) rethrows {
    encoder.node.appendElement().setScalar(try encoder.scalar(write))
  }

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
