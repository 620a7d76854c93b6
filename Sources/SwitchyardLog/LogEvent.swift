/// One thing to log: its level, its message, and the fields it is about, each made as a value
/// where it is logged (the pool, the worker's pid, the effect, the action's journal sequence), so
/// a JSON log carries them as keys and nothing reads them back out of the message.
public struct LogEvent: Sendable, Equatable {
  /// How much it matters.
  public var level: LogLevel
  /// The sentence, without prefixes.
  public var message: String
  /// What it is about, in order.
  public var fields: [LogField]

  /// An event.
  public init(_ level: LogLevel, _ message: String, fields: [LogField] = []) {
    self.level = level
    self.message = message
    self.fields = fields
  }

  /// An info event.
  public static func info(_ message: String, _ fields: LogField...) -> LogEvent {
    LogEvent(.info, message, fields: fields)
  }

  /// A warning.
  public static func warning(_ message: String, _ fields: LogField...) -> LogEvent {
    LogEvent(.warning, message, fields: fields)
  }

  /// An error.
  public static func error(_ message: String, _ fields: LogField...) -> LogEvent {
    LogEvent(.error, message, fields: fields)
  }

  /// The event with `more` fields after its own.
  public func adding(_ more: [LogField]) -> LogEvent {
    LogEvent(level, message, fields: fields + more)
  }

  /// The value of the field `name`, if the event has it.
  public subscript(field name: String) -> LogField.Value? {
    fields.first { $0.name == name }?.value
  }

  /// The event as the text format writes it, as Switchyard always wrote its lines: `program: `
  /// when it has a `program` field, `[pool worker_pid] ` when it has both, `error: ` or
  /// `warning: `, then the message.
  public var text: String {
    var prefix = ""
    if case let .string(program)? = self[field: "program"] { prefix = program + ": " }
    if case let .string(pool)? = self[field: "pool"], case let .integer(pid)? = self[field: "worker_pid"] {
      prefix += "[\(pool) \(pid)] "
    }
    return prefix + (level >= .warning ? level.rawValue + ": " : "") + message
  }
}
