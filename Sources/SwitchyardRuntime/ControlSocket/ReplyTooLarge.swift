import SwitchyardWire

/// A reply the control socket refused to send because its frame is larger than the client may be
/// sent at once: the client gets a `tooLarge` error with the reply's id instead, and stays connected.
///
/// Written in part and then dropped, such a reply would cut the client off mid-frame with no reason.
struct ReplyTooLarge: Error, CustomStringConvertible {
  /// The reply refused.
  let reply: ControlMessage
  /// The size of its frame, in bytes.
  let bytes: Int
  /// The most a reply's frame may take on this connection (``ControlSocketLimits/largestReply``).
  let limit: Int

  var description: String {
    let size = "is \(bytes) bytes as a frame, over the \(limit) bytes a reply may take on this connection"
    switch reply {
    case let .stateChanged(id, path, _):
      return "The state at '\(path)' \(size), so subscription \(id) has ended; subscribe to a narrower path."
    case let .stateSlice(_, path, _):
      return "The state at '\(path)' \(size); ask for a narrower path."
    default:
      return "The '\(reply.typeName)' reply \(size); ask for less."
    }
  }

  /// The error frame the client gets in the reply's place.
  var frame: [UInt8] {
    var bytes: [UInt8] = []
    ControlMessage.error(id: reply.id, code: .tooLarge, message: description).appendFrame(to: &bytes)
    return bytes
  }
}
