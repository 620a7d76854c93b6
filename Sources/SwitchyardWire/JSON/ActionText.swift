/// An action typed by a person (on the command line, in the inspector), parsed with an error
/// that shows where it went wrong.
public enum ActionText {
  /// Why the text is not JSON: the parser's sentence, the text, and a caret under the problem.
  public struct Invalid: Error, Equatable, CustomStringConvertible {
    /// The parser's sentence.
    public var reason: String
    /// The text as given, on one line.
    public var text: String
    /// The character offset of the problem in ``text``.
    public var column: Int

    /// The error for `text`, whose problem `reason` describes at character `column`.
    public init(reason: String, text: String, column: Int) {
      self.reason = reason
      self.text = text
      self.column = column
    }

    /// Three lines: what is wrong, the text, a caret.
    public var description: String {
      "invalid JSON: \(reason)\n  \(text)\n  \(String(repeating: " ", count: column))^"
    }
  }

  /// Parses `text` as one JSON value.
  package static func parse(_ text: String) throws(Invalid) -> JSONValue {
    let bytes = Array(text.utf8)
    do {
      return try WireJSONDecoder().parse(bytes)
    } catch {
      let offset = min(error.offset, bytes.count)
      // The caret counts characters, not bytes, so it lands under the right one.
      let column = String(decoding: bytes[..<offset], as: UTF8.self).count
      throw Invalid(reason: error.reasonDescription, text: text.replacing("\n", with: " "), column: column)
    }
  }
}
