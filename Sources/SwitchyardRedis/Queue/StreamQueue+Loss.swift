extension StreamQueue {
  /// Makes `kind`'s job stream and worker group again, empty and with the coordinator's mark,
  /// after Redis lost the group (it restarted without its data, was flushed, or the group was
  /// destroyed): whatever entries the stream still holds are deleted with it, in one transaction.
  ///
  /// Their jobs' pending state went with the group, so which of them a worker still runs is
  /// unknown; the coordinator dispatches each again under a new generation, which fences off
  /// the old attempt, rather than let a group made afresh deliver them a second time under the
  /// same one.
  public func recreateJobStream(of kind: String) throws(RedisError) {
    let stream = layout.jobs(kind)
    let replies = try connection.pipeline(
      [RedisCommand("MULTI"), RedisCommand("DEL", stream)] + Self.createMarkedGroup(on: stream) + [RedisCommand("EXEC")])
    for reply in replies {
      if case let .error(error) = reply { throw .server(error) }
      if case let .array(executed) = reply {
        for case let .error(error) in executed { throw .server(error) }
      }
    }
  }

  /// Which of `entries` are no longer in `kind`'s job stream, in one round trip: a job whose
  /// entry is gone while its effect awaits an end was either answered (its end is then in the
  /// reply stream) or lost.
  public func missingJobs(of kind: String, among entries: [StreamEntryID]) throws(RedisError) -> Set<StreamEntryID> {
    guard !entries.isEmpty else { return [] }
    let reply = try connection.evaluate(
      Self.missingScript, keys: [layout.jobs(kind)], arguments: entries.map { Array($0.description.utf8) })
    guard let missing = reply.elements else { throw .unexpectedReply(command: "EVALSHA", reply: reply.summary) }
    var found: Set<StreamEntryID> = []
    for id in missing {
      guard let text = id.string, let parsed = StreamEntryID(text) else {
        throw .unexpectedReply(command: "EVALSHA", reply: reply.summary)
      }
      found.insert(parsed)
    }
    return found
  }

  /// Returns those of the entry IDs in `ARGV` that stream `KEYS[1]` does not hold, without
  /// sending any entry's fields back.
  static let missingScript = RedisScript(
    """
    local missing = {}
    for _, id in ipairs(ARGV) do
      if #redis.call('XRANGE', KEYS[1], id, id) == 0 then missing[#missing + 1] = id end
    end
    return missing
    """)
}
