/// One consumer group of a stream: `XINFO GROUPS key`.
public struct StreamGroupInfo: Sendable, Equatable {
  /// The group's name.
  public var name: String
  /// How many consumers it has.
  public var consumers: Int
  /// Entries delivered to its consumers and not yet acknowledged.
  public var pending: Int
  /// The last entry delivered to the group.
  public var lastDeliveredID: StreamEntryID
  /// Entries not yet delivered to the group; `nil` when Redis cannot tell (after deletions).
  public var lag: Int?

  /// Creates group information.
  public init(name: String, consumers: Int, pending: Int, lastDeliveredID: StreamEntryID, lag: Int?) {
    self.name = name
    self.consumers = consumers
    self.pending = pending
    self.lastDeliveredID = lastDeliveredID
    self.lag = lag
  }

  init(reply: RedisValue) throws(RedisError) {
    guard let fields = reply.fields, let name = fields["name"]?.string, let consumers = fields["consumers"]?.integer,
      let pending = fields["pending"]?.integer, let last = fields["last-delivered-id"]
    else { throw .unexpectedReply(command: "XINFO GROUPS", reply: reply.summary) }
    self.init(
      name: name, consumers: Int(consumers), pending: Int(pending),
      lastDeliveredID: try StreamEntryID(reply: last, command: "XINFO GROUPS"),
      lag: fields["lag"]?.integer.map { Int($0) })
  }
}
