/// The name of a kind of job, and of the pool of workers that runs it: `"search"`.
public struct JobKind: Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The kind's name, as on the command line (`switchyard worker search`).
  public let rawValue: String

  /// Creates a kind from its name.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public var description: String { rawValue }
}
