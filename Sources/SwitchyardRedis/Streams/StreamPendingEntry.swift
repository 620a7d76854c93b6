/// One pending entry in detail: `XPENDING key group [IDLE ms] start end count [consumer]`.
public struct StreamPendingEntry: Sendable, Equatable {
  /// The entry's ID.
  public var id: StreamEntryID
  /// The consumer that holds it.
  public var consumer: String
  /// Milliseconds since it was last delivered (or claimed).
  public var idleMilliseconds: Int64
  /// How many times it has been delivered; above 1 after a claim or a history re-read.
  public var deliveries: Int64

  /// Creates a pending entry.
  public init(id: StreamEntryID, consumer: String, idleMilliseconds: Int64, deliveries: Int64) {
    self.id = id
    self.consumer = consumer
    self.idleMilliseconds = idleMilliseconds
    self.deliveries = deliveries
  }

  init(reply: RedisValue) throws(RedisError) {
    guard let parts = reply.elements, parts.count == 4, let consumer = parts[1].string,
      let idle = parts[2].integer, let deliveries = parts[3].integer
    else { throw .unexpectedReply(command: "XPENDING", reply: reply.summary) }
    self.init(
      id: try StreamEntryID(reply: parts[0], command: "XPENDING"), consumer: consumer,
      idleMilliseconds: idle, deliveries: deliveries)
  }
}
