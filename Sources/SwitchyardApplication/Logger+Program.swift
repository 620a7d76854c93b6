extension Logger {
  /// Where `program`'s own lines go (its journal's, its lease's): each event with a `program`
  /// field first, which the text format writes as the `program: ` it always began them with.
  func logging(as program: String) -> @Sendable (LogEvent) -> Void {
    { [self] event in log(LogEvent(event.level, event.message, fields: [.string("program", program)] + event.fields)) }
  }
}
