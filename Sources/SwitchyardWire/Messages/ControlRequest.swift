/// A control message as the coordinator reads it: a `send` keeps its action as ``RawJSON`` for the
/// store to decode from the frame's own parse; every other message is a ``ControlMessage``.
package enum ControlRequest: Sendable {
  /// ``ControlMessage/send(id:action:)``, its action not yet decoded.
  case send(id: UInt64, action: RawJSON)
  /// Any other message.
  case message(ControlMessage)

  /// Decodes one frame's payload, with the errors ``ControlMessage/init(payload:)`` throws.
  package init(payload: some Collection<UInt8>) throws(WireError) {
    self = try MessageCoding.decode(ControlRequest.self, from: MessageCoding.parse(payload))
  }
}

extension ControlRequest: Decodable {
  private enum Key: String, CodingKey {
    case type, id, action
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    guard try container.decode(String.self, forKey: .type) == "send" else {
      self = .message(try ControlMessage(from: decoder))
      return
    }
    self = .send(
      id: try container.decode(UInt64.self, forKey: .id),
      action: try container.decode(RawJSON.self, forKey: .action)
    )
  }
}
