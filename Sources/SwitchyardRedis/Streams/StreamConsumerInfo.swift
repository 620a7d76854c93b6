/// One consumer of a group: `XINFO CONSUMERS key group`.
public struct StreamConsumerInfo: Sendable, Equatable {
  /// The consumer's name.
  public var name: String
  /// Entries it holds unacknowledged.
  public var pending: Int
  /// Milliseconds since it last read or claimed.
  public var idleMilliseconds: Int64

  /// Creates consumer information.
  public init(name: String, pending: Int, idleMilliseconds: Int64) {
    self.name = name
    self.pending = pending
    self.idleMilliseconds = idleMilliseconds
  }

  init(reply: RedisValue) throws(RedisError) {
    guard let fields = reply.fields, let name = fields["name"]?.string, let pending = fields["pending"]?.integer,
      let idle = fields["idle"]?.integer
    else { throw .unexpectedReply(command: "XINFO CONSUMERS", reply: reply.summary) }
    self.init(name: name, pending: Int(pending), idleMilliseconds: idle)
  }
}
