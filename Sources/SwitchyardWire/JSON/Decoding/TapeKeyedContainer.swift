/// Reads an object's members by key for a ``TapeDecoder``.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: TapeDecoder
  let object: Int

  var codingPath: [any CodingKey] { decoder.path(to: object) }

  var allKeys: [Key] {
    let document = decoder.document
    var keys: [Key] = []
    keys.reserveCapacity(Int(document.nodes[object].length))
    var key = object + 1
    while key < Int(document.nodes[object].end) {
      if let codingKey = Key(stringValue: document.string(at: key)) { keys.append(codingKey) }
      key = Int(document.nodes[key + 1].end)
    }
    return keys
  }

  func contains(_ key: Key) -> Bool {
    decoder.document.member(key.stringValue, in: object) != nil
  }

  @inline(__always)
  private func value(for key: Key) throws -> Int {
    guard let index = decoder.document.member(key.stringValue, in: object) else {
      let context = DecodingError.Context(
        codingPath: codingPath, debugDescription: "no value for the key \"\(key.stringValue)\"")
      throw DecodingError.keyNotFound(key, context)
    }
    return index
  }

  /// The member's node, or `nil` when the key is absent or its value is `null`.
  @inline(__always)
  private func presentValue(for key: Key) -> Int? {
    guard let index = decoder.document.member(key.stringValue, in: object),
      decoder.document.nodes[index].kind != .null
    else { return nil }
    return index
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    decoder.document.nodes[try value(for: key)].kind == .null
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.decodeBool(at: value(for: key)) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.decodeString(at: value(for: key)) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.decodeDouble(at: value(for: key)) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.decodeFloat(at: value(for: key)) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.decode(type, at: value(for: key))
  }

  @inline(__always)
  private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
    try decoder.decodeInteger(T.self, at: value(for: key))
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(key) }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(key) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let index = decoder.document.member(key.stringValue, in: object) else { return nil }
    if decoder.document.nodes[index].kind == .null { return decoder.options.nullAsNaN ? .nan : nil }
    return try decoder.decodeDouble(at: index)
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(key) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(key) }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(key) }

  @inline(__always)
  private func optional<T: Decodable>(_ key: Key) throws -> T? {
    guard let index = presentValue(for: key) else { return nil }
    return try decoder.decode(T.self, at: index)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let index = try value(for: key)
    guard decoder.document.nodes[index].kind == .object else {
      throw decoder.mismatch([String: Any].self, at: index)
    }
    return KeyedDecodingContainer(TapeKeyedContainer<NestedKey>(decoder: decoder, object: index))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let index = try value(for: key)
    guard decoder.document.nodes[index].kind == .array else {
      throw decoder.mismatch([Any].self, at: index)
    }
    return TapeUnkeyedContainer(decoder: decoder, array: index)
  }

  func superDecoder() throws -> any Decoder {
    try superDecoder(for: WireCodingKey.super)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try superDecoder(for: key)
  }

  /// A decoder for the member, or for `null` when it is absent, as Foundation does.
  private func superDecoder(for key: some CodingKey) throws -> any Decoder {
    if let index = decoder.document.member(key.stringValue, in: object) {
      return decoder.detached(at: index)
    }
    return decoder.detached(at: decoder.document.nullNode, path: codingPath + [key])
  }
}
