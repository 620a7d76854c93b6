/// An error reply from the server, such as `-WRONGTYPE Operation against a key holding the wrong
/// kind of value`, split into its code and message.
///
/// The code is the reply's first word when it is in capitals (`ERR`, `WRONGTYPE`, `BUSYGROUP`,
/// `NOGROUP`, `WRONGPASS`, `NOAUTH`), so callers can branch on it without parsing text.
public struct RedisServerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The error's code, such as `WRONGTYPE`; `ERR` when the reply has no code of its own.
  public var code: String
  /// The rest of the reply, a sentence from the server.
  public var message: String

  /// Creates an error from its parts.
  public init(code: String, message: String) {
    self.code = code
    self.message = message
  }

  /// Splits an error reply's text into its code and message.
  public init(reply: String) {
    let word = reply.prefix { $0 != " " }
    if !word.isEmpty, word.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" || $0 == "-" }) {
      code = String(word)
      message = String(reply.dropFirst(word.count).drop { $0 == " " })
    } else {
      code = "ERR"
      message = reply
    }
  }

  public var description: String {
    "Redis answered \(code): \(message)"
  }
}
