/// Decodes `Decodable` values from UTF-8 JSON bytes, with the same contracts as Foundation's
/// `JSONDecoder` and several times its speed.
///
/// The bytes are parsed once into a flat list of values; keys are matched against the input's
/// bytes and scalars converted only when asked for, so no intermediate objects are built.
public struct WireJSONDecoder: Sendable {
  /// The deepest nesting of arrays and objects accepted; deeper input is a ``JSONError``.
  ///
  /// Bounding depth bounds the stack a nested `Decodable` can use on hostile input.
  public var maxDepth = 512

  /// Values handed to `Decodable` types as `decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// Whether a `Double` or `Float` reads `null` as NaN, the counterpart of an encoder that writes
  /// non-finite numbers as `null`; messages use it so a NaN statistic never breaks a status reply.
  var nullAsNaN = false

  /// Creates a decoder.
  public init() {}

  /// Decodes a value of type `T` from JSON bytes.
  ///
  /// Throws ``JSONError`` for input that is not JSON and `DecodingError`, with the coding path
  /// of the offending value, for JSON of another shape.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
    let document = try JSONDocument.parsing(bytes, maxDepth: maxDepth)
    return try decode(type, from: document, at: 0)
  }

  /// Decodes a value of type `T` from a JSON value, as if from its encoding.
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try decode(type, from: JSONValueWriter.bytes(of: value))
  }

  /// Parses JSON bytes into a ``JSONValue``.
  public func parse(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONValue {
    try JSONDocument.parsing(bytes, maxDepth: maxDepth).jsonValue(at: 0)
  }

  func decode<T: Decodable>(_ type: T.Type, from document: JSONDocument, at node: Int) throws -> T {
    let options = Options(userInfo: userInfo.isEmpty ? [:] : userInfo.mapValues { $0 as Any }, nullAsNaN: nullAsNaN)
    return try TapeDecoder(document: document, node: node, root: node, options: options).decode(type, at: node)
  }

  /// What a ``TapeDecoder`` needs from its configuration, fixed for one decode.
  struct Options {
    var userInfo: [CodingUserInfoKey: Any]
    var nullAsNaN: Bool
  }
}
