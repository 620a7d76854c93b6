/// A positional argument of a ``Command``, such as `KIND=N` or `ACTION_JSON`.
public struct CommandArgument: Sendable {
  /// The name shown in usage and help, and the key for ``ParsedArguments``.
  public var name: String
  /// One line for the help.
  public var help: String
  /// Whether it may be left out.
  public var isOptional: Bool
  /// Whether it takes every remaining positional argument; only the last argument may.
  public var isRepeatable: Bool

  /// Creates a positional argument.
  public init(_ name: String, optional: Bool = false, repeatable: Bool = false, help: String) {
    self.name = name
    self.help = help
    self.isOptional = optional
    self.isRepeatable = repeatable
  }

  var synopsis: String {
    let base = isRepeatable ? "\(name) [\(name) …]" : name
    return isOptional ? "[\(base)]" : base
  }
}
