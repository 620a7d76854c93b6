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

  /// Creates an option.
  public init(_ name: String, aliases: [String] = [], value: Value = .none, repeatable: Bool = false, help: String) {
    self.name = name
    self.aliases = aliases
    self.value = value
    self.isRepeatable = repeatable
    self.help = help
  }

  /// A flag with no value.
  public static func flag(_ name: String, help: String) -> CommandOption {
    CommandOption(name, help: help)
  }

  /// An option that needs a value named `valueName` in the help.
  public static func value(_ name: String, _ valueName: String, repeatable: Bool = false, help: String) -> CommandOption {
    CommandOption(name, value: .required(name: valueName), repeatable: repeatable, help: help)
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
