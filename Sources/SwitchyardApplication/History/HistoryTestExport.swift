import Foundation
import SwitchyardDurability

/// `history --export-test N..M DIR`: a Swift Testing test and its data, which replay records N
/// through M through the reducer and check every state they led to (``RecordedHistory``).
enum HistoryTestExport {
  /// Writes `DIR/JournalRecordsNThroughMTests.swift`, the test with its data embedded as JSON,
  /// and returns its path.
  static func write(
    _ history: RecordedHistory, reducerType: String, range: (from: UInt64, through: UInt64), toolName: String, to directory: String
  ) throws -> String {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let name = "JournalRecords\(range.from)Through\(range.through)Tests"
    var encoder = WireJSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    let json = String(decoding: try encoder.encode(history), as: UTF8.self)
    // A raw string whose delimiter the JSON does not hold.
    var hashes = "#"
    while json.contains("\"\"\"" + hashes) { hashes += "#" }
    let module = reducerType.split(separator: ".").first.map(String.init) ?? reducerType
    let reducer = reducerType.split(separator: ".").dropFirst().joined(separator: ".")
    let source = """
      import \(module)
      import SwitchyardApplication
      import Testing

      /// Journal records \(range.from) through \(range.through) of \(history.application) (data version \(history.version)), exported by
      /// `\(toolName) history --export-test \(range.from)..\(range.through)`: each action is reduced again, with the dependency
      /// values it was journaled with, and must lead to the state it led to then.
      @Test func journalRecords\(range.from)Through\(range.through)() throws {
        try RecordedHistory(json: recorded).replay(through: \(reducer.isEmpty ? reducerType : reducer)())
      }

      private let recorded = \(hashes)\"\"\"
      \(json)
      \"\"\"\(hashes)

      """
    let path = directory + "/" + name + ".swift"
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
