/// The name of a kind of job, and of the pool of workers that runs it: `"search"`.
public struct JobKind: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The kind's name, as on the command line (`switchyard worker search`).
  public let rawValue: String

  /// Creates a kind from its name.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates the kind named `rawValue`; with `RawRepresentable`, it is coded as that bare string.
  public init(rawValue: String) {
    self.init(rawValue)
  }

  /// Creates a kind from a string literal: `"search"`.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The kind's name.
  public var description: String { rawValue }
}
