/// The shared steps of turning payloads into messages and back, so both channels report errors
/// the same way.
enum MessageCoding {
  static func unknownTypeDescription(_ type: String) -> String {
    "unknown message type \"\(type)\""
  }

  /// Parses a payload once, for ``decode(_:from:frequent:)``.
  ///
  /// Two steps, not one generic over both the payload's type and the message's: the decode is
  /// then compiled for its message type, and looks no metadata up for each frame.
  static func parse(_ payload: some Collection<UInt8>) throws(WireError) -> JSONDocument {
    do {
      return try JSONDocument.parsing(payload, maxDepth: decoder.maxDepth)
    } catch {
      if error.reason == .invalidUTF8 { throw .invalidUTF8(offset: error.offset) }
      throw .invalidJSON(offset: error.offset, reason: error.reasonDescription)
    }
  }

  /// Checks a parsed payload's envelope (an object with a string `"type"`), then decodes the
  /// message from the same parse.
  ///
  /// `frequent` may read the commonest messages field by field from the parse instead; it returns
  /// `nil` for anything it does not recognise, which the general path then decodes or rejects.
  static func decode<Message: Decodable>(
    _ type: Message.Type,
    from document: JSONDocument,
    frequent: (JSONDocument, _ typeNode: Int) -> Message? = { _, _ in nil }
  ) throws(WireError) -> Message {
    guard document.nodes[0].kind == .object else { throw .notAnObject }
    guard let typeNode = document.member("type", in: 0),
      document.nodes[typeNode].kind == .string || document.nodes[typeNode].kind == .escapedString
    else { throw .missingType }
    if let message = frequent(document, typeNode) { return message }
    do {
      return try decoder.decode(type, from: document, at: 0)
    } catch let error as DecodingError {
      throw wireError(from: error, typeName: document.string(at: typeNode))
    } catch {
      throw .invalidJSON(offset: 0, reason: "\(error)")
    }
  }

  static func encodedPayload(_ message: some Encodable) -> [UInt8] {
    var bytes: [UInt8] = []
    append(message, to: &bytes)
    return bytes
  }

  /// Writes a placeholder header, the payload after it, then the payload's length into the header.
  static func appendFrame(_ message: some Encodable, to buffer: inout [UInt8]) {
    let headerOffset = buffer.count
    FrameEncoder.appendHeader(length: 0, to: &buffer)
    append(message, to: &buffer)
    FrameEncoder.patchHeader(length: buffer.count - headerOffset - Frame.headerLength, at: headerOffset, in: &buffer)
  }

  static func appendFrame(
    _ message: some Encodable, to buffer: inout [UInt8], maxFrameLength: Int
  ) throws(FrameError) {
    let headerOffset = buffer.count
    appendFrame(message, to: &buffer)
    let length = buffer.count - headerOffset - Frame.headerLength
    guard length <= maxFrameLength else {
      buffer.removeSubrange(headerOffset...)
      throw .lengthOverLimit(length: length, limit: maxFrameLength)
    }
  }

  /// Our messages hold only strings, integers, Booleans, finite-or-null doubles and JSON values
  /// without a depth limit on this side, so encoding them has no way to fail.
  private static func append(_ message: some Encodable, to buffer: inout [UInt8]) {
    do {
      try encoder.encode(message, appendingTo: &buffer)
    } catch {
      preconditionFailure("Switchyard's messages always encode, but this one failed: \(error)")
    }
  }

  private static let decoder: WireJSONDecoder = {
    var decoder = WireJSONDecoder()
    decoder.nullAsNaN = true
    return decoder
  }()

  private static let encoder: WireJSONEncoder = {
    var encoder = WireJSONEncoder()
    encoder.nonFiniteAsNull = true
    encoder.maxDepth = .max
    return encoder
  }()

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
    WireJSONDecoder.pathDescription(path)
  }

  /// A type as a noun phrase: `an Int`, `a String`, `an object`.
  static func typeDescription(_ type: Any.Type) -> String {
    var name = String(describing: type)
    if name.hasPrefix("Optional<") { name = String(name.dropFirst(9).dropLast()) }
    if name.hasPrefix("Dictionary<") { return "an object" }
    if name.hasPrefix("Array<") { return "an array" }
    return (name.first.map { "AEIO".contains($0) } ?? false ? "an " : "a ") + name
  }
}
