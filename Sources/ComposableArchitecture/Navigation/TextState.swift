/// Text shown to a user, held in state so tests can assert it: an alert's title, a button's label.
public struct TextState: Equatable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
  /// The text.
  public let string: String

  /// Creates text from a string.
  public init(_ string: some StringProtocol) {
    self.string = String(string)
  }

  /// Creates text from a string, exactly as given.
  public init(verbatim string: String) {
    self.string = string
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }
}

extension TextState: CustomStringConvertible, CustomDumpStringConvertible {
  public var description: String { string }

  var customDumpDescription: String { "TextState(\(string.debugDescription))" }
}
