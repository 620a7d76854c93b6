import SwitchyardWire

/// Decodes actions sent over the control socket, with errors that say where the JSON went wrong.
enum ActionDecoding {
  /// Why an action did not decode.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static func decode<Action: Decodable>(_ type: Action.Type, from json: JSONValue) throws -> Action {
    do {
      return try JSONValueCoding.decode(Action.self, from: json)
    } catch let error as DecodingError {
      throw Failure(description: "Not a \(String(reflecting: Action.self)): \(describe(error))")
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    func at(_ path: [any CodingKey]) -> String {
      path.isEmpty ? "at the top level" : "at '" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "'"
    }
    switch error {
    case let .keyNotFound(key, context):
      return "missing '\(key.stringValue)' \(at(context.codingPath))."
    case let .typeMismatch(type, context):
      return "expected \(type) \(at(context.codingPath)). \(context.debugDescription)"
    case let .valueNotFound(type, context):
      return "expected \(type) \(at(context.codingPath)), found null."
    case let .dataCorrupted(context):
      return "\(context.debugDescription) (\(at(context.codingPath)))"
    @unknown default:
      return "\(error)"
    }
  }
}
