extension WireError {
  /// Whether the payload was a well-formed JSON object that is not a message this side knows (no
  /// or an unknown `type`, a field missing or mistyped): the receiver logs and drops it and keeps
  /// the channel, as PROTOCOL.md asks. Anything else — broken framing, invalid UTF-8, not JSON,
  /// not an object — means the stream itself cannot be trusted, and the receiver closes it.
  public var isMessageLevel: Bool {
    switch self {
    case .missingType, .unknownType, .missingField, .mistypedField: true
    case .frame, .invalidUTF8, .invalidJSON, .notAnObject, .versionMismatch: false
    }
  }
}
