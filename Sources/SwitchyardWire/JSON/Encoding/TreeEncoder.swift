/// The `Encoder` that builds a ``TreeNode`` tree before writing anything, for indented output, and
/// for the rare `Encodable` code ``StreamEncoder`` cannot follow (a `superEncoder`, writing into a
/// container after a sibling's, a key written twice where keys are sorted).
struct TreeEncoder: Encoder {
  let node: TreeNode
  let codingPath: [any CodingKey]
  let options: WireJSONEncoder.Options

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.becomeObject()
    return KeyedEncodingContainer(TreeKeyedContainer<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.becomeArray()
    return TreeUnkeyedContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    TreeSingleValueContainer(encoder: self)
  }

  /// An encoder for a child node one key deeper.
  func child(_ node: TreeNode, key: any CodingKey) -> TreeEncoder {
    TreeEncoder(node: node, codingPath: codingPath + [key], options: options)
  }

  /// Encodes `value` into this encoder's node.
  func encode<T: Encodable>(_ value: T) throws {
    guard codingPath.count <= options.maxDepth else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath, debugDescription: "values are nested deeper than the limit of \(options.maxDepth)"))
    }
    var bytes: [UInt8] = []
    // Compare types rather than cast values: a cast may bridge an `Int` to a `Bool` on some platforms.
    if T.self == String.self {
      JSONWriting.appendString(unsafeBitCast(value, to: String.self), to: &bytes)
    } else if T.self == Bool.self {
      JSONWriting.appendBool(unsafeBitCast(value, to: Bool.self), to: &bytes)
    } else if T.self == Double.self {
      try appendDouble(unsafeBitCast(value, to: Double.self), to: &bytes)
    } else if T.self == Int.self {
      JSONWriting.appendInteger(unsafeBitCast(value, to: Int.self), to: &bytes)
    } else if T.self == Int64.self {
      JSONWriting.appendInteger(unsafeBitCast(value, to: Int64.self), to: &bytes)
    } else if T.self == UInt64.self {
      JSONWriting.appendInteger(unsafeBitCast(value, to: UInt64.self), to: &bytes)
    } else {
      try value.encode(to: self)
      return
    }
    node.setScalar(bytes)
  }

  func appendDouble(_ value: Double, to bytes: inout [UInt8]) throws {
    if value.isFinite {
      JSONWriting.appendDouble(value, to: &bytes)
    } else if options.nonFiniteAsNull {
      JSONWriting.appendNull(to: &bytes)
    } else {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not representable in JSON"))
    }
  }

  func appendFloat(_ value: Float, to bytes: inout [UInt8]) throws {
    if value.isFinite {
      JSONWriting.appendFloat(value, to: &bytes)
    } else {
      try appendDouble(Double(value), to: &bytes)
    }
  }

  /// The JSON of a scalar, written by `write` into a fresh buffer.
  func scalar(_ write: (inout [UInt8]) throws -> Void) rethrows -> [UInt8] {
    var bytes: [UInt8] = []
    try write(&bytes)
    return bytes
  }
}
