import SwitchyardWire

/// Why a stream entry is not a message this transport can act on.
public enum StreamEntryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The entry has no field of this name (`message` or `generation`).
  case missingField(String)
  /// The `message` field is not a valid wire message.
  case invalidMessage(WireError)
  /// The message is valid but of a type this stream does not carry, such as a `ping` in a job stream.
  case unexpectedType(expected: String, found: String)
  /// The `generation` field disagrees with the message's own generation, or is not a number.
  case generationMismatch(field: String, message: UInt32?)
  /// The entry was deleted while it was pending, so there is nothing left to run.
  case deleted
  /// The entry's fields and values hold more bytes than a reader takes in one entry; it was
  /// deleted unread.
  case oversized(bytes: Int, limit: Int)

  public var description: String {
    switch self {
    case let .missingField(name):
      "the entry has no \"\(name)\" field; entries are written by Switchyard's stream layout (proto/PROTOCOL.md section 7)"
    case let .invalidMessage(error):
      "its message is not a valid wire message: \(error)"
    case let .unexpectedType(expected, found):
      "it holds a \"\(found)\" message where a \"\(expected)\" belongs"
    case let .generationMismatch(field, message):
      "its generation field \"\(field)\" disagrees with its message's generation \(message.map(String.init) ?? "(none)")"
    case .deleted:
      "it was deleted while pending"
    case let .oversized(bytes, limit):
      "it holds \(bytes) bytes, over the \(limit) a reply entry may hold (a frame's limit, proto/PROTOCOL.md), so it was deleted unread"
    }
  }
}
