import SwitchyardWire

/// One coordinator's Redis transport over a connection: jobs, replies and cancellations as
/// streams of wire messages, in the layout ``StreamLayout`` names.
///
/// The coordinator's side (`StreamQueue+Coordinator.swift`) prepares the streams, enqueues
/// `run`s, broadcasts `cancel`s and reads replies. A worker's side (`StreamQueue+Worker.swift`)
/// joins its kind's group, reads, acknowledges, renews and reclaims jobs, and writes replies.
/// Each entry holds the message's JSON bytes and the attempt's generation; proto/PROTOCOL.md
/// section 7 is the contract.
public struct StreamQueue: Sendable {
  /// The keys this queue uses.
  public let layout: StreamLayout
  /// The connection commands go through; a blocking read wants a queue on a connection of its own.
  public let connection: RedisConnection

  /// A queue for the coordinator named in `layout`, over `connection`.
  public init(layout: StreamLayout, connection: RedisConnection) {
    self.layout = layout
    self.connection = connection
  }

  /// An entry's field holding the message's JSON.
  static let messageField = "message"
  /// An entry's field holding the attempt's generation, in decimal: what fencing compares.
  static let generationField = "generation"
  /// A reply entry's field naming the worker (its consumer name) that wrote it.
  static let workerField = "worker"

  /// An `XADD` to `key` of an entry carrying `message`, and the `worker` that wrote it, built
  /// straight into the command: every job and reply goes through here.
  static func xadd(_ key: String, _ message: EncodedMessage, worker: String? = nil, maxLength: Int? = nil) -> RedisCommand {
    var command = RedisCommand.xadd(key, fields: [], maxLength: maxLength)
    command.append(messageField)
    command.append(message.payload)
    if let generation = message.generation {
      command.append(generationField)
      command.append(UInt64(generation))
    }
    if let worker {
      command.append(workerField)
      command.append(worker)
    }
    return command
  }

  /// Decodes `entry` into a message, checked against its generation field.
  static func message(in entry: StreamEntry) -> Result<(message: WorkerMessage, worker: String?), StreamEntryError> {
    guard entry.fields != nil else { return .failure(.deleted) }
    guard let payload = entry[field: messageField] else { return .failure(.missingField(messageField)) }
    let message: WorkerMessage
    do {
      message = try WorkerMessage(payload: payload)
    } catch {
      return .failure(.invalidMessage(error))
    }
    if let generation = message.generation {
      guard let field = entry[field: generationField] else { return .failure(.missingField(generationField)) }
      let text = String(decoding: field, as: UTF8.self)
      guard UInt32(text) == generation else { return .failure(.generationMismatch(field: text, message: generation)) }
    }
    return .success((message, entry[field: workerField].map { String(decoding: $0, as: UTF8.self) }))
  }

  /// Decodes every entry read from `stream` with `extract`, which picks out the expected
  /// message type; the rest are rejected.
  static func batch<Message>(
    _ entries: [StreamEntry], of stream: String, expecting type: String,
    _ extract: (WorkerMessage) -> Message?
  ) -> StreamBatch<Message> {
    var batch = StreamBatch<Message>(last: entries.last?.id)
    for entry in entries {
      switch message(in: entry) {
      case let .success((message, worker)):
        if let extracted = extract(message) {
          batch.messages.append(StreamMessage(id: entry.id, message: extracted, worker: worker))
        } else {
          batch.rejected.append(
            RejectedEntry(stream: stream, id: entry.id, error: .unexpectedType(expected: type, found: message.typeName)))
        }
      case let .failure(error):
        batch.rejected.append(RejectedEntry(stream: stream, id: entry.id, error: error))
      }
    }
    return batch
  }
}

extension WorkerMessage {
  /// The attempt's generation, for the messages that belong to one job attempt.
  var generation: UInt32? {
    switch self {
    case let .run(run): run.generation
    case let .emit(emit): emit.generation
    case let .finished(finished): finished.generation
    case let .failed(failed): failed.generation
    case let .cancel(cancel): cancel.generation
    case .hello, .ping, .pong, .heartbeat, .shutdown: nil
    }
  }
}
