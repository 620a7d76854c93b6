import Foundation

/// Decodes `Decodable` values from UTF-8 JSON bytes, with the same contracts as Foundation's
/// `JSONDecoder`.
public struct WireJSONDecoder: Sendable {
  /// Creates a decoder.
  public init() {}

  /// Decodes a value of type `T` from JSON bytes.
  ///
  /// Throws ``JSONError`` for input that is not JSON and `DecodingError` for JSON of another shape.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: Data(bytes))
    } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
      throw JSONError(offset: 0, reason: .unexpectedEnd)
    }
  }
}
