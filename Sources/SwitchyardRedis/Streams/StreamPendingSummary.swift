/// A consumer group's pending entries in sum: `XPENDING key group`.
public struct StreamPendingSummary: Sendable, Equatable {
  /// Entries delivered and not yet acknowledged.
  public var count: Int
  /// The oldest pending entry's ID; `nil` when nothing is pending.
  public var oldest: StreamEntryID?
  /// The newest pending entry's ID; `nil` when nothing is pending.
  public var newest: StreamEntryID?
  /// How many entries each consumer holds, by consumer name.
  public var consumers: [String: Int]

  /// Creates a summary.
  public init(count: Int, oldest: StreamEntryID?, newest: StreamEntryID?, consumers: [String: Int]) {
    self.count = count
    self.oldest = oldest
    self.newest = newest
    self.consumers = consumers
  }

  init(reply: RedisValue) throws(RedisError) {
    guard let parts = reply.elements, parts.count == 4, let count = parts[0].integer else {
      throw .unexpectedReply(command: "XPENDING", reply: reply.summary)
    }
    self.count = Int(count)
    oldest = parts[1] == .null ? nil : try StreamEntryID(reply: parts[1], command: "XPENDING")
    newest = parts[2] == .null ? nil : try StreamEntryID(reply: parts[2], command: "XPENDING")
    consumers = [:]
    for consumer in parts[3].elements ?? [] {
      guard let pair = consumer.elements, pair.count == 2, let name = pair[0].string, let held = pair[1].integer else {
        throw .unexpectedReply(command: "XPENDING", reply: consumer.summary)
      }
      consumers[name] = Int(held)
    }
  }
}
