/// The entries one stream gave to an `XREAD` or `XREADGROUP`.
public struct StreamRead: Sendable, Equatable {
  /// The stream's key.
  public var key: String
  /// Its entries, oldest first.
  public var entries: [StreamEntry]

  /// Creates a read.
  public init(key: String, entries: [StreamEntry]) {
    self.key = key
    self.entries = entries
  }

  /// Reads the reply of `XREAD`/`XREADGROUP`: null when the block timed out, else an array of
  /// `[key, entries]` (RESP2) or a map of key to entries (RESP3).
  static func list(_ reply: RedisValue, command: String) throws(RedisError) -> [StreamRead] {
    var reads: [StreamRead] = []
    switch reply {
    case .null:
      return []
    case let .map(pairs):
      for pair in pairs {
        guard let key = pair.key.string else { throw .unexpectedReply(command: command, reply: pair.key.summary) }
        reads.append(StreamRead(key: key, entries: try StreamEntry.list(pair.value, command: command)))
      }
    case let .array(streams):
      for stream in streams {
        guard let parts = stream.elements, parts.count == 2, let key = parts[0].string else {
          throw .unexpectedReply(command: command, reply: stream.summary)
        }
        reads.append(StreamRead(key: key, entries: try StreamEntry.list(parts[1], command: command)))
      }
    default:
      throw .unexpectedReply(command: command, reply: reply.summary)
    }
    return reads
  }
}
