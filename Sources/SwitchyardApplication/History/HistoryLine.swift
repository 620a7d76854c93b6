import Foundation

/// One `history` entry as a person reads it: `    42  21:40:01.123  search.searchQueryChanged  query: "" → "copper"`.
enum HistoryLine {
  static func render(_ entry: HistoryEntry) -> String {
    let sequence = String(entry.sequence)
    let time = entry.time.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
    let action = entry.action.count < 48 ? entry.action.padding(toLength: 48, withPad: " ", startingAt: 0) : entry.action
    return String(repeating: " ", count: max(0, 8 - sequence.count)) + sequence + "  " + time + "  " + action + "  " + entry.summary
  }
}
