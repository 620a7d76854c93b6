import SwitchyardWire

/// Converts between `Codable` values and the wire's ``JSONValue``, through the wire's own codec.
enum JSONValueCoding {
  /// Encodes `value` as a JSON value.
  static func encode(_ value: some Encodable) throws -> JSONValue {
    try WireJSONDecoder().parse(WireJSONEncoder().encode(value))
  }

  /// Decodes a `T` from a JSON value.
  static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try WireJSONDecoder().decode(T.self, from: value)
  }
}
