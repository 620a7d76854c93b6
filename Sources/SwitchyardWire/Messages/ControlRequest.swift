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

extension ControlRequest {
  /// The `id` of a request refused for its shape (an unknown type, a field missing or mistyped),
  /// if it has one that reads as a UInt64: the `error` answering it carries the id, as the
  /// protocol asks, so a client with several requests in flight knows which one failed.
  ///
  /// Parses the payload again, which only refused requests pay for.
  package static func id(ofRefused payload: some Collection<UInt8>) -> UInt64? {
    try? WireJSONDecoder().decode(RequestID.self, from: payload).id
  }

  private struct RequestID: Decodable {
    var id: UInt64
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
