/// One named value a log event carries, such as the pool or the worker's pid: a key of its own in
/// the JSON format.
public struct LogField: Sendable, Equatable {
  /// The key, in snake case: `program`, `pool`, `worker_pid`, `worker`, `broker`, `effect_id`,
  /// `action_sequence`.
  public var name: String
  /// The value.
  public var value: Value

  /// A string or a whole number.
  public enum Value: Sendable, Equatable {
    case string(String)
    case integer(Int64)
  }

  /// A string field.
  public static func string(_ name: String, _ value: String) -> LogField {
    LogField(name: name, value: .string(value))
  }

  /// A number field; one past `Int64`'s range, which a peer's frame can name, is written as its
  /// digits in a string rather than trapping.
  public static func integer(_ name: String, _ value: some BinaryInteger) -> LogField {
    LogField(name: name, value: Int64(exactly: value).map { .integer($0) } ?? .string("\(value)"))
  }
}
