/// Reads an array's elements in order for a ``TapeDecoder``.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: TapeDecoder
  let array: Int
  private(set) var currentIndex = 0
  /// The node of the element at ``currentIndex``.
  private var next: Int
  private let elementCount: Int

  init(decoder: TapeDecoder, array: Int) {
    self.decoder = decoder
    self.array = array
    next = array + 1
    elementCount = Int(decoder.document.nodes[array].length)
  }

  var codingPath: [any CodingKey] { decoder.path(to: array) }
  var count: Int? { elementCount }
  var isAtEnd: Bool { currentIndex >= elementCount }

  /// The next element's node, or `valueNotFound` past the end.
  @inline(__always)
  private func current(_ type: Any.Type) throws -> Int {
    guard currentIndex < elementCount else {
      let context = DecodingError.Context(
        codingPath: codingPath + [WireCodingKey(currentIndex)],
        debugDescription: "the array has only \(elementCount) elements")
      throw DecodingError.valueNotFound(type, context)
    }
    return next
  }

  @inline(__always)
  private mutating func advance() {
    next = Int(decoder.document.nodes[next].end)
    currentIndex += 1
  }

  mutating func decodeNil() throws -> Bool {
    let index = try current(Never?.self)
    guard decoder.document.nodes[index].kind == .null else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try element { try $0.decodeBool(at: $1) } }
  mutating func decode(_ type: String.Type) throws -> String { try element { try $0.decodeString(at: $1) } }
  mutating func decode(_ type: Double.Type) throws -> Double { try element { try $0.decodeDouble(at: $1) } }
  mutating func decode(_ type: Float.Type) throws -> Float { try element { try $0.decodeFloat(at: $1) } }
  mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try element { try $0.decode(T.self, at: $1) }
  }

  @inline(__always)
  private mutating func integer<T: FixedWidthInteger>() throws -> T {
    try element { try $0.decodeInteger(T.self, at: $1) }
  }

  /// Decodes the next element and moves past it only on success, as Foundation does.
  @inline(__always)
  private mutating func element<T>(_ read: (TapeDecoder, Int) throws -> T) throws -> T {
    let value = try read(decoder, current(T.self))
    advance()
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let index = try current([String: Any].self)
    guard decoder.document.nodes[index].kind == .object else {
      throw decoder.mismatch([String: Any].self, at: index)
    }
    advance()
    return KeyedDecodingContainer(TapeKeyedContainer<NestedKey>(decoder: decoder, object: index))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let index = try current([Any].self)
    guard decoder.document.nodes[index].kind == .array else {
      throw decoder.mismatch([Any].self, at: index)
    }
    advance()
    return TapeUnkeyedContainer(decoder: decoder, array: index)
  }

  mutating func superDecoder() throws -> any Decoder {
    let index = try current(Any.self)
    advance()
    return decoder.detached(at: index)
  }
}
