import SwitchyardWire

/// Decodes actions sent over the control socket, with errors that say where the JSON went wrong.
enum ActionDecoding {
  /// Why an action did not decode.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static func decode<Action: Decodable>(_ type: Action.Type, from json: RawJSON) throws -> Action {
    do {
      return try json.decode(Action.self)
    } catch let error as DecodingError {
      throw Failure(description: "Not a \(String(reflecting: Action.self)): \(WireJSONDecoder.describe(error))")
    }
  }
}
