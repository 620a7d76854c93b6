/// The wire shape of a control message, usable with any coder: `"type"` plus the case's fields.
extension ControlMessage: Codable {
  private enum Key: String, CodingKey {
    case type, id, report, path, value, action, pools, code, message, sequence
  }

  /// Decodes the case named by `"type"`, then its fields from the same object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let type = try container.decode(String.self, forKey: .type)
    if type == "hello" {
      self = .hello(try Hello(from: decoder))
      return
    }
    if type == "error" {
      self = .error(
        id: try container.decodeIfPresent(UInt64.self, forKey: .id),
        code: try container.decode(ControlErrorCode.self, forKey: .code),
        message: try container.decode(String.self, forKey: .message))
      return
    }
    guard ControlMessage.requestTypes.contains(type) else {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container, debugDescription: MessageCoding.unknownTypeDescription(type))
    }
    let id = try container.decode(UInt64.self, forKey: .id)
    switch type {
    case "status": self = .status(id: id)
    case "statusReport": self = .statusReport(id: id, report: try container.decode(StatusReport.self, forKey: .report))
    case "state": self = .state(id: id, path: try container.decode(String.self, forKey: .path))
    case "stateSlice":
      self = .stateSlice(
        id: id, path: try container.decode(String.self, forKey: .path),
        value: try container.decode(JSONValue.self, forKey: .value))
    case "subscribe": self = .subscribe(id: id, path: try container.decode(String.self, forKey: .path))
    case "stateChanged":
      self = .stateChanged(
        id: id, path: try container.decode(String.self, forKey: .path),
        value: try container.decode(JSONValue.self, forKey: .value))
    case "unsubscribe": self = .unsubscribe(id: id)
    case "unsubscribed": self = .unsubscribed(id: id)
    case "send": self = .send(id: id, action: try container.decode(JSONValue.self, forKey: .action))
    case "sent": self = .sent(id: id, sequence: try container.decodeIfPresent(UInt64.self, forKey: .sequence))
    case "scale": self = .scale(id: id, pools: try container.decode([String: Int].self, forKey: .pools))
    default: self = .scaled(id: id, pools: try container.decode([String: Int].self, forKey: .pools))
    }
  }

  /// Encodes `"type"` first, then the case's fields into the same object.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(typeName, forKey: .type)
    if case let .hello(hello) = self {
      try hello.encode(to: encoder)
      return
    }
    try container.encodeIfPresent(id, forKey: .id)
    switch self {
    case .hello, .status, .unsubscribe, .unsubscribed:
      break
    case let .sent(_, sequence):
      try container.encodeIfPresent(sequence, forKey: .sequence)
    case let .statusReport(_, report):
      try container.encode(report, forKey: .report)
    case let .state(_, path), let .subscribe(_, path):
      try container.encode(path, forKey: .path)
    case let .stateSlice(_, path, value), let .stateChanged(_, path, value):
      try container.encode(path, forKey: .path)
      try container.encode(value, forKey: .value)
    case let .send(_, action):
      try container.encode(action, forKey: .action)
    case let .scale(_, pools), let .scaled(_, pools):
      try container.encode(pools, forKey: .pools)
    case let .error(_, code, message):
      try container.encode(code, forKey: .code)
      try container.encode(message, forKey: .message)
    }
  }

  /// The types other than `hello` and `error`, all of which carry a required `id`.
  private static let requestTypes: Set<String> = [
    "status", "statusReport", "state", "stateSlice", "subscribe", "stateChanged", "unsubscribe",
    "unsubscribed", "send", "sent", "scale", "scaled",
  ]
}
