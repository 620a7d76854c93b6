/// What an `XAUTOCLAIM` took over, and where the next call should start.
public struct StreamClaim: Sendable, Equatable {
  /// Where to start the next scan of the pending list; ``StreamEntryID/zero`` when it was scanned to the end.
  public var next: StreamEntryID
  /// The entries now owned by the claiming consumer, their delivery counts raised by one.
  public var entries: [StreamEntry]
  /// IDs that were pending but whose entries were deleted; Redis drops them from the pending list.
  public var deleted: [StreamEntryID]

  /// Creates a claim.
  public init(next: StreamEntryID, entries: [StreamEntry], deleted: [StreamEntryID]) {
    self.next = next
    self.entries = entries
    self.deleted = deleted
  }

  /// Reads `[next, entries, deleted]` (Redis 7; Redis 6.2 sends no third element).
  init(reply: RedisValue) throws(RedisError) {
    guard let parts = reply.elements, parts.count >= 2 else {
      throw .unexpectedReply(command: "XAUTOCLAIM", reply: reply.summary)
    }
    next = try StreamEntryID(reply: parts[0], command: "XAUTOCLAIM")
    entries = try StreamEntry.list(parts[1], command: "XAUTOCLAIM")
    deleted = []
    if parts.count > 2, let ids = parts[2].elements {
      for id in ids { deleted.append(try StreamEntryID(reply: id, command: "XAUTOCLAIM")) }
    }
  }
}
