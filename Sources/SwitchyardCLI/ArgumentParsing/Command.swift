/// A subcommand of a ``CommandLineTool``: its name, what it takes, its help, and what it does.
public struct Command: Sendable {
  /// The word that selects it: `status`.
  public var name: String
  /// One line for the tool's command list and the top of the help.
  public var abstract: String
  /// Paragraphs for the help, after the usage line.
  public var discussion: String
  /// Its positional arguments, in order.
  public var arguments: [CommandArgument]
  /// Its options; `--help` is added to every command.
  public var options: [CommandOption]
  /// Whole command lines, each shown in the help under EXAMPLES.
  public var examples: [String]
  /// Does the work and returns the exit status. A thrown ``UsageError`` exits 2 with the usage
  /// line; any other error exits 1 with its description.
  public var run: @MainActor @Sendable (ParsedArguments) async throws -> Int32

  /// Creates a command.
  public init(
    name: String,
    abstract: String,
    discussion: String = "",
    arguments: [CommandArgument] = [],
    options: [CommandOption] = [],
    examples: [String] = [],
    run: @escaping @MainActor @Sendable (ParsedArguments) async throws -> Int32
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.examples = examples
    self.run = run
  }

  /// Whether `tokens` ask for help: `-h` or `--help` before any `--`.
  public static func asksForHelp(_ tokens: [String]) -> Bool {
    for token in tokens {
      if token == "--" { return false }
      if token == "-h" || token == "--help" { return true }
    }
    return false
  }

  /// Reads `tokens` (the words after the command's name) against its options and arguments; an
  /// option left out takes its ``CommandOption/environmentVariable``'s value from `environment`.
  ///
  /// `--name=value` and `--name value` are the same; `--` ends the options. An option with an
  /// optional value takes the next word only when it does not start with `-`.
  public func parse(_ tokens: [String], environment: [String: String] = [:]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var positionals: [String] = []
    var remaining = tokens[...]
    var optionsEnded = false
    while let token = remaining.popFirst() {
      if optionsEnded || !token.hasPrefix("-") || token == "-" || Self.isNegativeNumber(token) {
        positionals.append(token)
        continue
      }
      if token == "--" {
        optionsEnded = true
        continue
      }
      let (spelling, attached) = Self.split(token)
      guard let option = options.first(where: { $0.isNamed(spelling) }) else {
        throw .unknownOption(spelling, suggestion: Suggestion.closest(to: spelling, among: options.map(\.name) + ["--help"]))
      }
      if parsed.options[option.name] != nil, !option.isRepeatable { throw .repeatedOption(option.name) }
      let value: String
      switch option.value {
      case .none:
        guard attached == nil else { throw .unexpectedValue(option: option.name) }
        value = ""
      case let .required(valueName):
        if let attached {
          value = attached
        } else if let next = remaining.first, !next.hasPrefix("--") {
          value = next
          remaining.removeFirst()
        } else {
          throw .missingValue(option: option.name, valueName: valueName)
        }
      case let .optional(_, fallback):
        if let attached {
          value = attached
        } else if let next = remaining.first, !next.hasPrefix("-") {
          value = next
          remaining.removeFirst()
        } else {
          value = fallback
        }
      }
      parsed.options[option.name, default: []].append(value)
    }
    for option in options where parsed.options[option.name] == nil {
      if let variable = option.environmentVariable, let value = environment[variable], !value.isEmpty {
        parsed.options[option.name] = [value]
      }
    }
    try assign(positionals, to: &parsed)
    return parsed
  }

  private func assign(_ positionals: [String], to parsed: inout ParsedArguments) throws(UsageError) {
    var remaining = positionals[...]
    for argument in arguments {
      if argument.isRepeatable {
        if remaining.isEmpty, !argument.isOptional { throw .missingArgument(argument.name) }
        parsed.arguments[argument.name] = Array(remaining)
        remaining = []
      } else if let value = remaining.popFirst() {
        parsed.arguments[argument.name] = [value]
      } else if !argument.isOptional {
        throw .missingArgument(argument.name)
      }
    }
    if let extra = remaining.first { throw .unexpectedArgument(extra) }
  }

  private static func split(_ token: String) -> (String, String?) {
    guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
    return (String(token[..<equals]), String(token[token.index(after: equals)...]))
  }

  private static func isNegativeNumber(_ token: String) -> Bool {
    token.count > 1 && Double(token) != nil
  }
}
