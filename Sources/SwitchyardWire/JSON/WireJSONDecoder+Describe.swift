/// Error messages that point at the offending part of a document.
extension WireJSONDecoder {
  /// A one-line account of a decoding failure, such as
  /// `sessions[0].query: expected String, found the number 5`.
  ///
  /// Works for ``JSONError``, `DecodingError` from either coder, and anything else (described as is).
  public static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case let .keyNotFound(key, context):
      return "\(pathDescription(context.codingPath + [key])): \(context.debugDescription)"
    case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
      let path = pathDescription(context.codingPath)
      return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  /// A coding path written as in Swift source: `report.pools[0].kind`.
  static func pathDescription(_ path: [any CodingKey]) -> String {
    var result = ""
    for key in path {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        if !result.isEmpty { result += "." }
        result += key.stringValue
      }
    }
    return result
  }
}
