/// A journal benchmark found the journal other than it wrote it.
enum JournalBenchmarkError: Error, CustomStringConvertible {
  case recoveredWrongCount(expected: Int, found: Int)
  case notEncoded(lastAppended: UInt64, lastReduced: UInt64)

  var description: String {
    switch self {
    case let .recoveredWrongCount(expected, found):
      "Recovery replayed \(found) records where \(expected) were journaled: the journal lost or invented records."
    case let .notEncoded(appended, reduced):
      "The journal appended records up to \(appended) of the \(reduced) reduced actions and stopped: its encoding failed."
    }
  }
}
