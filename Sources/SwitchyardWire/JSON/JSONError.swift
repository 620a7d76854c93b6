/// Input that is not valid JSON, with the byte offset where reading stopped.
///
/// Type mismatches in valid JSON are reported as `DecodingError`, as Foundation does, so that
/// code handling both coders sees the same errors.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong at ``offset``.
  public enum Reason: Equatable, Sendable {
    /// The input ended inside a value, or held no value at all.
    case unexpectedEnd
    /// A byte that cannot start or continue a value here.
    case unexpectedByte(UInt8)
    /// A string whose bytes are not valid UTF-8.
    case invalidUTF8
    /// An unescaped control character (below U+0020) inside a string.
    case controlCharacterInString(UInt8)
    /// A backslash followed by something other than a JSON escape.
    case invalidEscape
    /// A `\u` escape for half of a surrogate pair without the other half.
    case loneSurrogate
    /// A number that breaks JSON's number grammar.
    case invalidNumber
    /// A number too large in magnitude for a `Double`.
    case numberOutOfRange
    /// Arrays and objects nested deeper than the limit.
    case tooDeep(limit: Int)
    /// Bytes after the end of the top-level value.
    case trailingData
    /// Input longer than the 4 GiB a parsed document can address.
    case inputTooLarge
  }

  /// The byte offset in the input where the problem was found.
  public var offset: Int
  /// What the problem was.
  public var reason: Reason

  /// Creates an error at a byte offset.
  public init(offset: Int, reason: Reason) {
    self.offset = offset
    self.reason = reason
  }

  /// The problem alone, without the offset.
  public var reasonDescription: String {
    switch reason {
    case .unexpectedEnd: return "the input ended before the JSON value was complete"
    case let .unexpectedByte(byte): return "unexpected \(JSONError.describe(byte))"
    case .invalidUTF8: return "a string is not valid UTF-8"
    case let .controlCharacterInString(byte):
      return "a string contains the control character \(JSONError.describe(byte)), which must be escaped"
    case .invalidEscape: return "a string contains an invalid escape sequence"
    case .loneSurrogate: return "a \\u escape is half of a UTF-16 surrogate pair without its other half"
    case .invalidNumber: return "a number is not written as JSON allows"
    case .numberOutOfRange: return "a number is too large in magnitude to be represented as a 64-bit float"
    case let .tooDeep(limit): return "arrays and objects are nested deeper than the limit of \(limit)"
    case .trailingData: return "there is more data after the JSON value"
    case .inputTooLarge: return "the input is larger than 4 GiB"
    }
  }

  /// A sentence naming the problem and where it is.
  public var description: String {
    "Invalid JSON at byte \(offset): \(reasonDescription)."
  }

  private static func describe(_ byte: UInt8) -> String {
    let hex = "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    guard byte >= 0x20, byte < 0x7F else { return "byte \(hex)" }
    return "character '\(Character(Unicode.Scalar(byte)))' (\(hex))"
  }
}
