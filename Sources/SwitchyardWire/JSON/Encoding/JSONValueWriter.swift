/// Writes a ``JSONValue`` as compact JSON, directly rather than through `Encodable`.
enum JSONValueWriter {
  /// Why a value could not be written.
  enum Failure: Error {
    case nonFinite(Double)
    case tooDeep
  }

  /// The compact JSON of a value; non-finite numbers become `null`.
  static func bytes(of value: JSONValue) -> [UInt8] {
    var bytes: [UInt8] = []
    try? append(value, to: &bytes, nonFiniteAsNull: true, depth: 0, maxDepth: .max)
    return bytes
  }

  static func append<Sink: JSONSink>(
    _ value: JSONValue, to bytes: inout Sink, nonFiniteAsNull: Bool, depth: Int, maxDepth: Int
  ) throws(Failure) {
    switch value {
    case .null: JSONWriting.appendNull(to: &bytes)
    case let .bool(value): JSONWriting.appendBool(value, to: &bytes)
    case let .int(value): JSONWriting.appendInteger(value, to: &bytes)
    case let .double(value):
      if value.isFinite {
        JSONWriting.appendDouble(value, to: &bytes)
      } else if nonFiniteAsNull {
        JSONWriting.appendNull(to: &bytes)
      } else {
        throw .nonFinite(value)
      }
    case let .string(value): JSONWriting.appendString(value, to: &bytes)
    case let .array(elements):
      guard depth < maxDepth else { throw .tooDeep }
      bytes.writeByte(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.writeByte(UInt8(ascii: ",")) }
        try append(element, to: &bytes, nonFiniteAsNull: nonFiniteAsNull, depth: depth + 1, maxDepth: maxDepth)
      }
      bytes.writeByte(UInt8(ascii: "]"))
    case let .object(members):
      guard depth < maxDepth else { throw .tooDeep }
      bytes.writeByte(UInt8(ascii: "{"))
      var first = true
      for (key, member) in members {
        if !first { bytes.writeByte(UInt8(ascii: ",")) }
        first = false
        JSONWriting.appendString(key, to: &bytes)
        bytes.writeByte(UInt8(ascii: ":"))
        try append(member, to: &bytes, nonFiniteAsNull: nonFiniteAsNull, depth: depth + 1, maxDepth: maxDepth)
      }
      bytes.writeByte(UInt8(ascii: "}"))
    }
  }
}
