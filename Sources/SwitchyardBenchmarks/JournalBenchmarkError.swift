/// A journal benchmark found the journal other than it wrote it.
enum JournalBenchmarkError: Error, CustomStringConvertible {
  case recoveredWrongCount(expected: Int, found: Int)
  case notEncoded(seconds: Int)

  var description: String {
    switch self {
    case let .recoveredWrongCount(expected, found):
      "Recovery replayed \(found) records where \(expected) were journaled: the journal lost or invented records."
    case let .notEncoded(seconds):
      "The journal had not appended every reduced action \(seconds) s after the last was reduced: its encoding stalled."
    }
  }
}
