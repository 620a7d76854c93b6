/// The shared steps of turning payloads into messages and back, so both channels report errors
/// the same way.
enum MessageCoding {
  static func unknownTypeDescription(_ type: String) -> String {
    "unknown message type \"\(type)\""
  }

  static func decode<Message: Decodable>(
    _ type: Message.Type, payload: some Collection<UInt8>
  ) throws(WireError) -> Message {
    let value: JSONValue
    do {
      value = try WireJSONDecoder().decode(JSONValue.self, from: payload)
    } catch let error as JSONError {
      if error.reason == .invalidUTF8 { throw .invalidUTF8(offset: error.offset) }
      throw .invalidJSON(offset: error.offset, reason: error.reasonDescription)
    } catch {
      throw .invalidJSON(offset: 0, reason: "\(error)")
    }
    guard case let .object(members) = value else { throw .notAnObject }
    guard case let .string(typeName) = members["type"] else { throw .missingType }
    do {
      return try WireJSONDecoder().decode(type, from: payload)
    } catch let error as DecodingError {
      throw wireError(from: error, typeName: typeName)
    } catch {
      throw .invalidJSON(offset: 0, reason: "\(error)")
    }
  }

  static func encodedPayload(_ message: some Encodable) -> [UInt8] {
    do {
      return try WireJSONEncoder().encode(message)
    } catch {
      preconditionFailure("Switchyard's messages always encode, but this one failed: \(error)")
    }
  }

  static func appendFrame(_ message: some Encodable, to buffer: inout [UInt8]) {
    let payload = encodedPayload(message)
    FrameEncoder.appendHeader(length: payload.count, to: &buffer)
    buffer.append(contentsOf: payload)
  }

  /// Names the field at fault by its path, in the form `report.pools[0].kind`.
  static func wireError(from error: DecodingError, typeName: String) -> WireError {
    switch error {
    case let .keyNotFound(key, context):
      return .missingField(type: typeName, field: fieldPath(context.codingPath + [key]))
    case let .typeMismatch(expected, context), let .valueNotFound(expected, context):
      return .mistypedField(
        type: typeName, field: fieldPath(context.codingPath), expected: typeDescription(expected))
    case let .dataCorrupted(context):
      if context.codingPath.count == 1, context.codingPath[0].stringValue == "type" {
        return .unknownType(typeName)
      }
      return .mistypedField(
        type: typeName, field: fieldPath(context.codingPath), expected: context.debugDescription)
    @unknown default:
      return .invalidJSON(offset: 0, reason: "\(error)")
    }
  }

  static func fieldPath(_ path: [any CodingKey]) -> String {
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

  static func typeDescription(_ type: Any.Type) -> String {
    let name = String(describing: type)
    if name.hasPrefix("Dictionary<") { return "an object" }
    if name.hasPrefix("Array<") { return "an array" }
    if name.hasPrefix("Optional<") { return String(name.dropFirst(9).dropLast()) }
    return "a \(name)"
  }
}
