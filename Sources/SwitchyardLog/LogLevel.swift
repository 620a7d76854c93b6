/// How much a log line matters, lowest first: what `--log-level` filters on.
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
  /// Detail for whoever is debugging Switchyard itself.
  case debug
  /// What happened in normal operation: starts, stops, workers serving.
  case info
  /// Something unexpected that Switchyard worked around.
  case warning
  /// Something failed and needs an operator.
  case error

  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
