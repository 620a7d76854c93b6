import Foundation

/// One `history` entry as a person reads it: sequence, time, action path, and the change summed up.
enum HistoryLine {
  static func render(_ entry: HistoryEntry) -> String {
    let sequence = String(entry.sequence)
    let action = entry.action.count < 48 ? entry.action.padding(toLength: 48, withPad: " ", startingAt: 0) : entry.action
    return String(repeating: " ", count: max(0, 8 - sequence.count)) + sequence + "  " + entry.timeText + "  " + action + "  " + entry.summary
  }
}
