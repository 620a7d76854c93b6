import SwitchyardWire

/// Encodes `Codable` values as the wire's ``JSONValue``, for the control socket's state paths.
enum JSONValueCoding {
  /// Encodes `value` as a JSON value.
  static func encode(_ value: some Encodable) throws -> JSONValue {
    try WireJSONDecoder().parse(WireJSONEncoder().encode(value))
  }
}
