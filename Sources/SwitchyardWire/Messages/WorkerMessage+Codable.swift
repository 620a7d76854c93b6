/// The wire shape of a worker message, usable with any coder: `"type"` plus the payload's fields.
extension WorkerMessage: Codable {
  private enum TypeKey: String, CodingKey {
    case type
  }

  /// Decodes the case named by `"type"`, then its payload from the same object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: TypeKey.self)
    let type = try container.decode(String.self, forKey: .type)
    switch type {
    case "hello": self = .hello(try Hello(from: decoder))
    case "run": self = .run(try Run(from: decoder))
    case "emit": self = .emit(try Emit(from: decoder))
    case "finished": self = .finished(try Finished(from: decoder))
    case "failed": self = .failed(try Failed(from: decoder))
    case "cancel": self = .cancel(try Cancel(from: decoder))
    case "ping": self = .ping(try Ping(from: decoder))
    case "pong": self = .pong(try Pong(from: decoder))
    case "heartbeat": self = .heartbeat(try Heartbeat(from: decoder))
    case "shutdown": self = .shutdown(try Shutdown(from: decoder))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container, debugDescription: MessageCoding.unknownTypeDescription(type))
    }
  }

  /// Encodes `"type"` first, then the payload's fields into the same object.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: TypeKey.self)
    try container.encode(typeName, forKey: .type)
    switch self {
    case let .hello(message): try message.encode(to: encoder)
    case let .run(message): try message.encode(to: encoder)
    case let .emit(message): try message.encode(to: encoder)
    case let .finished(message): try message.encode(to: encoder)
    case let .failed(message): try message.encode(to: encoder)
    case let .cancel(message): try message.encode(to: encoder)
    case let .ping(message): try message.encode(to: encoder)
    case let .pong(message): try message.encode(to: encoder)
    case let .heartbeat(message): try message.encode(to: encoder)
    case let .shutdown(message): try message.encode(to: encoder)
    }
  }
}
