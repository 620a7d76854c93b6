/// A command line that does not match its command's usage; `switchyard` prints it with the usage
/// line and exits with status 2.
public enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No command has this name; `suggestion` is the one it most likely meant.
  case unknownCommand(String, suggestion: String? = nil)
  /// The command has no such option; `suggestion` is the one it most likely meant.
  case unknownOption(String, suggestion: String? = nil)
  /// An option that needs a value came last, or before another option.
  case missingValue(option: String, valueName: String)
  /// A flag was given a value with `=`.
  case unexpectedValue(option: String)
  /// A non-repeatable option appeared twice.
  case repeatedOption(String)
  /// A positional argument the command does not take.
  case unexpectedArgument(String)
  /// A required positional argument is missing.
  case missingArgument(String)
  /// A value that does not read as what the option or argument needs.
  case invalidValue(name: String, value: String, expected: String)
  /// Options that cannot be used together, or a value that makes no sense in context.
  case conflict(String)
  /// The argument at `position` (1 for the first after the executable) is not valid UTF-8.
  case notUTF8(position: Int, bytes: [UInt8])

  /// A sentence saying what was wrong.
  public var description: String {
    switch self {
    case let .unknownCommand(name, suggestion): "unknown command '\(name)'" + Self.didYouMean(suggestion)
    case let .unknownOption(option, suggestion): "unknown option '\(option)'" + Self.didYouMean(suggestion)
    case let .missingValue(option, valueName): "'\(option)' needs a value (\(valueName))"
    case let .unexpectedValue(option): "'\(option)' takes no value"
    case let .repeatedOption(option): "'\(option)' was given more than once"
    case let .unexpectedArgument(argument): "unexpected argument '\(argument)'"
    case let .missingArgument(name): "missing \(name)"
    case let .invalidValue(name, value, expected): "'\(value)' is not a valid \(name): expected \(expected)"
    case let .conflict(message): message
    case let .notUTF8(position, bytes):
      "argument \(position) is not valid UTF-8 (its bytes: \(bytes.prefix(24).map(Self.hex).joined(separator: " "))\(bytes.count > 24 ? " …" : ""))"
    }
  }

  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }

  private static func hex(_ byte: UInt8) -> String {
    (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
  }
}
