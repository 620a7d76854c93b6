/// Reads one value for a ``TapeDecoder``.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
  let decoder: TapeDecoder
  let node: Int

  var codingPath: [any CodingKey] { decoder.path(to: node) }

  func decodeNil() -> Bool { decoder.document.nodes[node].kind == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool(at: node) }
  func decode(_ type: String.Type) throws -> String { try decoder.decodeString(at: node) }
  func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble(at: node) }
  func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloat(at: node) }
  func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(Int.self, at: node) }
  func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(Int8.self, at: node) }
  func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(Int16.self, at: node) }
  func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(Int32.self, at: node) }
  func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(Int64.self, at: node) }
  func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(UInt.self, at: node) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(UInt8.self, at: node) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(UInt16.self, at: node) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(UInt32.self, at: node) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(UInt64.self, at: node) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self, at: node) }
}
