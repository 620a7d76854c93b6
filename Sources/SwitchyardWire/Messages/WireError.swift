/// Why a frame's payload is not a message this side understands.
///
/// Each case names the message type and field at fault, so a log line is enough to find which
/// end sent what.
public enum WireError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The framing itself failed; see ``FrameError``.
  case frame(FrameError)
  /// A string in the payload is not valid UTF-8; the offset is in bytes from the payload's start.
  case invalidUTF8(offset: Int)
  /// The payload is not JSON.
  case invalidJSON(offset: Int, reason: String)
  /// The payload is JSON but not an object.
  case notAnObject
  /// The object has no `"type"` field, or it is not a string.
  case missingType
  /// The `"type"` names no message of this channel.
  case unknownType(String)
  /// A required field is absent; `field` is a path such as `report.pools[0].kind`.
  case missingField(type: String, field: String)
  /// A field holds JSON of the wrong kind or out of range.
  case mistypedField(type: String, field: String, expected: String)
  /// The peer speaks a protocol version with another major number.
  case versionMismatch(local: String, remote: String)

  /// A sentence that says what arrived and what was expected.
  public var description: String {
    switch self {
    case let .frame(error):
      return error.description
    case let .invalidUTF8(offset):
      return "The message is not valid UTF-8 (at byte \(offset)); the peer must send UTF-8 JSON."
    case let .invalidJSON(offset, reason):
      return "The message is not valid JSON at byte \(offset): \(reason)."
    case .notAnObject:
      return "The message is JSON but not an object; every message is an object with a \"type\" field."
    case .missingType:
      return "The message has no \"type\" string; every message names its type, such as \"run\" or \"status\"."
    case let .unknownType(type):
      return "The message type \"\(type)\" is not known on this channel; check that both ends run the same protocol version."
    case let .missingField(type, field):
      return "The \"\(type)\" message lacks the required field \"\(field)\"."
    case let .mistypedField(type, field, expected):
      return "The field \"\(field)\" of the \"\(type)\" message should be \(expected)."
    case let .versionMismatch(local, remote):
      return "The peer speaks protocol version \(remote) but this side speaks \(local); their major versions differ, so upgrade the older side."
    }
  }
}
