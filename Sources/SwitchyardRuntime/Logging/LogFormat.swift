/// How log lines are written to standard error: `--log-format`.
public enum LogFormat: String, Sendable, CaseIterable {
  /// One line of text each, exactly as Switchyard always wrote them.
  case text
  /// One JSON object per line: `time`, `level`, `message` and the event's fields, for a log shipper.
  case json
}
