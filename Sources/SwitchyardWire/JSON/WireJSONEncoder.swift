import Foundation

/// Encodes `Encodable` values as UTF-8 JSON bytes, with the same contracts as Foundation's
/// `JSONEncoder`.
public struct WireJSONEncoder: Sendable {
  /// Layout choices for output meant for people.
  public struct OutputFormatting: OptionSet, Sendable {
    /// The raw bit set.
    public let rawValue: Int
    /// Creates formatting options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Writes object keys in lexicographic order of their UTF-8 bytes.
    public static let sortedKeys = OutputFormatting(rawValue: 1)
    /// Breaks lines and indents nested values by two spaces.
    public static let prettyPrinted = OutputFormatting(rawValue: 2)
  }

  /// How the output is laid out; compact and in encoding order by default.
  public var outputFormatting: OutputFormatting = []

  /// Creates an encoder with compact output.
  public init() {}

  /// Encodes a value as JSON.
  public func encode(_ value: some Encodable) throws -> [UInt8] {
    let encoder = JSONEncoder()
    var formatting: JSONEncoder.OutputFormatting = [.withoutEscapingSlashes]
    if outputFormatting.contains(.sortedKeys) { formatting.insert(.sortedKeys) }
    if outputFormatting.contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
    encoder.outputFormatting = formatting
    return Array(try encoder.encode(value))
  }
}
