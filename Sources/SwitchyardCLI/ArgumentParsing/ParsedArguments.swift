/// What the parser found on a command line: the options given, by name, and the positional
/// arguments, by their ``CommandArgument`` name.
public struct ParsedArguments: Equatable, Sendable {
  /// Each option given, by its long name, with its values in order (a flag's is `""`).
  var options: [String: [String]] = [:]
  /// Each positional argument's values, by name.
  var arguments: [String: [String]] = [:]

  /// Whether `option` was given.
  public func flag(_ option: String) -> Bool {
    options[option] != nil
  }

  /// The value of `option`, or `nil` when it was not given.
  public func value(_ option: String) -> String? {
    options[option]?.last
  }

  /// Every value of a repeatable `option`, in order.
  public func values(_ option: String) -> [String] {
    options[option] ?? []
  }

  /// The value of `option` read as `T`, or `nil` when it was not given.
  public func value<T: LosslessStringConvertible>(_ option: String, as type: T.Type) throws(UsageError) -> T? {
    guard let text = value(option) else { return nil }
    guard let parsed = T(text) else { throw .invalidValue(name: option, value: text, expected: Self.expectation(T.self)) }
    return parsed
  }

  /// The options given as words, sorted by name: `--users 4`, a flag alone; for a report of how a
  /// command ran.
  public var givenOptions: [String] {
    options.sorted { $0.key < $1.key }.flatMap { name, values in
      values.flatMap { $0.isEmpty ? [name] : [name, $0] }
    }
  }

  /// The positional argument `name`, or `nil` when an optional one was left out.
  public func argument(_ name: String) -> String? {
    arguments[name]?.first
  }

  /// Every value of the repeatable positional argument `name`.
  public func arguments(_ name: String) -> [String] {
    arguments[name] ?? []
  }

  private static func expectation<T>(_ type: T.Type) -> String {
    switch type {
    case is Int.Type, is Int32.Type, is Int64.Type: "a whole number"
    case is UInt16.Type: "a whole number from 0 to 65535"
    case is Double.Type: "a number"
    default: "a \(T.self)"
    }
  }
}
