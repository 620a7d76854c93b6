/// The name of a kind of job, and of the pool of workers that runs it: `"search"`.
public struct JobKind: Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The kind's name, as on the command line (`switchyard worker search`).
  public let rawValue: String

  /// Creates a kind from its name.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a kind from a string literal: `"search"`.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// Decodes a kind from its name.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the kind as its name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The kind's name.
  public var description: String { rawValue }
}
