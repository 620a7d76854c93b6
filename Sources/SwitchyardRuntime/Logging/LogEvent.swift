/// One thing to log: its level, its message and its fields.
///
/// The supervisor's lines about workers are made as events at their call sites, with `pool`,
/// `worker_pid` and `effect_id` fields; other lines are still written as text, in conventions this
/// type reads back (``init(line:)``) and writes (``text``): a program prefix (`switchyard: `), a
/// worker's `[KIND PID] `, and an `error: ` or `warning: ` before the message.
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

  /// Reads a text line: `program` (when it starts the line as `program: `), a worker's
  /// `[KIND PID] ` as `pool` and `worker_pid`, a leading `error: ` or `warning: ` as the level
  /// (info otherwise), and `effect N` as `effect_id`.
  public init(line: String, program: String? = nil) {
    var rest = Substring(line)
    var fields: [LogField] = []
    if let program, rest.hasPrefix(program + ": ") {
      rest = rest.dropFirst(program.count + 2)
      fields.append(.string("program", program))
    }
    if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
      let parts = rest[rest.index(after: rest.startIndex)..<close].split(separator: " ")
      if parts.count == 2, let pid = Int64(parts[1]) {
        fields += [.string("pool", String(parts[0])), .integer("worker_pid", pid)]
        rest = rest[rest.index(after: close)...].drop { $0 == " " }
      }
    }
    var level = LogLevel.info
    for candidate in [LogLevel.error, .warning] where rest.hasPrefix(candidate.rawValue + ": ") {
      level = candidate
      rest = rest.dropFirst(candidate.rawValue.count + 2)
    }
    if let range = rest.range(of: "effect "), let id = Int64(rest[range.upperBound...].prefix { $0.isNumber }) {
      fields.append(.integer("effect_id", id))
    }
    self.init(level, String(rest), fields: fields)
  }

  /// The event as a text line, which ``init(line:)`` reads back: `[pool worker_pid] ` when it has
  /// both, then `error: ` or `warning: `, then the message.
  public var text: String {
    var prefix = ""
    if case let .string(pool)? = fields.first(where: { $0.name == "pool" })?.value,
      case let .integer(pid)? = fields.first(where: { $0.name == "worker_pid" })?.value
    {
      prefix = "[\(pool) \(pid)] "
    }
    return prefix + (level >= .warning ? level.rawValue + ": " : "") + message
  }
}
