/// Sets a node to a single value for a ``TreeEncoder``.
struct TreeSingleValueContainer: SingleValueEncodingContainer, TreeScalarWriting {
  let encoder: TreeEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  func place(_ write: (inout [UInt8]) throws -> Void) rethrows {
    encoder.node.setScalar(try encoder.scalar(write))
  }

  mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encode(value) }
}
