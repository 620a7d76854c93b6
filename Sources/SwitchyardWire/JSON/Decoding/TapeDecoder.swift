/// The `Decoder` that reads a ``JSONDocument``: one instance serves a whole decode, moving to
/// each nested value and back, so nesting costs no allocation beyond the containers Swift boxes.
final class TapeDecoder: Decoder {
  let document: JSONDocument
  let options: WireJSONDecoder.Options
  /// The node the next `container`/`singleValueContainer` call reads.
  private var node: Int
  /// For decoders standing in for an absent key, the path the layout cannot tell.
  private let pathOverride: [any CodingKey]?
  /// The node the whole decode began at: coding paths start there, so an action decoded from
  /// inside a request reads `sessionOpened.id`, not `action.sessionOpened.id`.
  private let root: Int

  init(document: JSONDocument, node: Int, root: Int, options: WireJSONDecoder.Options, pathOverride: [any CodingKey]? = nil) {
    self.document = document
    self.node = node
    self.root = root
    self.options = options
    self.pathOverride = pathOverride
  }

  var codingPath: [any CodingKey] { path(to: node) }

  /// The node a `Decodable` reading this decoder stands at: where a ``RawJSON`` keeps its place.
  var currentNode: Int { node }

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  func path(to index: Int) -> [any CodingKey] {
    pathOverride ?? document.codingPath(to: index, from: root)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let current = node
    guard document.nodes[current].kind == .object else {
      throw mismatch([String: Any].self, at: current)
    }
    return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: current))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let current = node
    guard document.nodes[current].kind == .array else {
      throw mismatch([Any].self, at: current)
    }
    return TapeUnkeyedContainer(decoder: self, array: current)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    TapeSingleValueContainer(decoder: self, node: node)
  }

  /// A decoder of its own for `superDecoder()`, which its caller may keep and use later.
  func detached(at index: Int, path: [any CodingKey]? = nil) -> TapeDecoder {
    TapeDecoder(document: document, node: index, root: root, options: options, pathOverride: path)
  }

  /// Decodes a value of any type at a node: primitives directly, anything else by pointing this
  /// decoder at the node for the duration of `T.init(from:)`.
  @inline(__always)
  func decode<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
    if T.self == String.self { return unsafeBitCast(try decodeString(at: index), to: T.self) }
    if T.self == Int.self { return unsafeBitCast(try decodeInteger(Int.self, at: index), to: T.self) }
    if T.self == Int64.self { return unsafeBitCast(try decodeInteger(Int64.self, at: index), to: T.self) }
    if T.self == UInt64.self { return unsafeBitCast(try decodeInteger(UInt64.self, at: index), to: T.self) }
    if T.self == UInt32.self { return unsafeBitCast(try decodeInteger(UInt32.self, at: index), to: T.self) }
    if T.self == Int32.self { return unsafeBitCast(try decodeInteger(Int32.self, at: index), to: T.self) }
    if T.self == Double.self { return unsafeBitCast(try decodeDouble(at: index), to: T.self) }
    if T.self == Bool.self { return unsafeBitCast(try decodeBool(at: index), to: T.self) }
    if T.self == JSONValue.self { return unsafeBitCast(document.jsonValue(at: index), to: T.self) }
    if T.self == RawJSON.self { return unsafeBitCast(RawJSON(document: document, node: index), to: T.self) }
    if Self.isCommonCollection(T.self) { return try decodeCommonCollection(type, at: index) }
    return try decodeNested(type, at: index)
  }

  private func decodeNested<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
    let saved = node
    node = index
    defer { node = saved }
    return try T(from: self)
  }

  func decodeString(at index: Int) throws -> String {
    let kind = document.nodes[index].kind
    guard kind == .string || kind == .escapedString else { throw mismatch(String.self, at: index) }
    return document.string(at: index)
  }

  func decodeBool(at index: Int) throws -> Bool {
    switch document.nodes[index].kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(Bool.self, at: index)
    }
  }

  func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws -> T {
    let kind = document.nodes[index].kind
    if kind == .integer, let value = JSONScalars.fixedWidth(T.self, document.span(of: index)) {
      return value
    }
    if kind == .number {
      let value = JSONScalars.double(document.span(of: index))
      if value.magnitude <= 0x1p53, let exact = T(exactly: value) { return exact }
    }
    throw mismatch(T.self, at: index)
  }

  func decodeDouble(at index: Int) throws -> Double {
    let kind = document.nodes[index].kind
    if kind == .integer || kind == .number {
      let value = JSONScalars.double(document.span(of: index))
      if value.isFinite { return value }
    } else if kind == .null && options.nullAsNaN {
      return .nan
    }
    throw mismatch(Double.self, at: index)
  }

  func decodeFloat(at index: Int) throws -> Float {
    let kind = document.nodes[index].kind
    if kind == .integer || kind == .number,
      let value = Float(JSONScalars.plainString(document.span(of: index))), value.isFinite
    {
      return value
    }
    if kind == .null && options.nullAsNaN { return .nan }
    throw mismatch(Float.self, at: index)
  }

  /// The error for a node of the wrong kind: `valueNotFound` for `null`, as Foundation does.
  func mismatch(_ expected: Any.Type, at index: Int) -> DecodingError {
    let found = document.kindDescription(at: index)
    let context = DecodingError.Context(
      codingPath: path(to: index), debugDescription: "expected \(Self.name(of: expected)), found \(found)")
    if document.nodes[index].kind == .null {
      return .valueNotFound(expected, context)
    }
    return .typeMismatch(expected, context)
  }

  static func name(of type: Any.Type) -> String {
    switch type {
    case is [String: Any].Type: return "an object"
    case is [Any].Type: return "an array"
    default: return String(describing: type)
    }
  }
}
