/// One option a ``Command`` accepts, such as `--json`, `--run-dir DIR` or `--watch [SECONDS]`.
public struct CommandOption: Sendable {
  /// Whether the option takes a value.
  public enum Value: Sendable {
    /// A flag: present or not, no value.
    case none
    /// A value is required: `--run-dir DIR` or `--run-dir=DIR`.
    case required(name: String)
    /// A value may follow; without one the option means `fallback`: `--watch` or `--watch 5`.
    case optional(name: String, fallback: String)
  }

  /// The long name with its dashes, such as `"--json"`; the key for ``ParsedArguments``.
  public var name: String
  /// Other spellings, such as `"-j"`.
  public var aliases: [String]
  /// What follows the option.
  public var value: Value
  /// Whether it may be given more than once, each value kept.
  public var isRepeatable: Bool
  /// One line for the help.
  public var help: String
  /// The environment variable that gives the value when the command line does not, such as
  /// `SWITCHYARD_RUN_DIR`: set once for a shell or a unit instead of on every command.
  public var environmentVariable: String?

  /// Creates an option.
  public init(
    _ name: String, aliases: [String] = [], value: Value = .none, repeatable: Bool = false, help: String,
    environmentVariable: String? = nil
  ) {
    self.name = name
    self.aliases = aliases
    self.value = value
    self.isRepeatable = repeatable
    self.help = help
    self.environmentVariable = environmentVariable
  }

  /// A flag with no value.
  public static func flag(_ name: String, help: String) -> CommandOption {
    CommandOption(name, help: help)
  }

  /// An option that needs a value named `valueName` in the help, read from `environmentVariable`
  /// when the command line leaves it out.
  public static func value(
    _ name: String, _ valueName: String, repeatable: Bool = false, help: String, environmentVariable: String? = nil
  ) -> CommandOption {
    CommandOption(name, value: .required(name: valueName), repeatable: repeatable, help: help, environmentVariable: environmentVariable)
  }

  /// How the option reads in a usage line: `--json`, `--run-dir DIR`, `--watch [SECONDS]`.
  var synopsis: String {
    switch value {
    case .none: name
    case let .required(valueName): "\(name) \(valueName)"
    case let .optional(valueName, _): "\(name) [\(valueName)]"
    }
  }

  func isNamed(_ spelling: String) -> Bool {
    spelling == name || aliases.contains(spelling)
  }
}
