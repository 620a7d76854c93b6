import SwitchyardWire

/// JSON as commands print it: sorted keys, so output is stable and diffs well.
package enum JSONText {
  /// Indented over several lines, ending in a newline.
  package static func pretty(_ value: some Encodable) throws -> String {
    var encoder = WireJSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }

  /// One line, no trailing newline.
  package static func compact(_ value: some Encodable) throws -> String {
    var encoder = WireJSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
