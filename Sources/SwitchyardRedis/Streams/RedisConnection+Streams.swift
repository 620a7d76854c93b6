extension RedisConnection {
  /// `XADD`: appends an entry and returns the ID the server gave it.
  @discardableResult
  public func xadd(_ key: String, fields: [StreamField], maxLength: Int? = nil) throws(RedisError) -> StreamEntryID {
    try StreamEntryID(reply: send(.xadd(key, fields: fields, maxLength: maxLength)), command: "XADD")
  }

  /// `XGROUP CREATE key group start [MKSTREAM]`: creates a consumer group that reads from after
  /// `start`; `false` when the group already exists (`BUSYGROUP`), which is not an error here.
  @discardableResult
  public func createGroup(
    _ group: String, on key: String, startingAfter start: StreamReadPosition = .latest, makeStream: Bool = true
  ) throws(RedisError) -> Bool {
    var command = RedisCommand("XGROUP", "CREATE", key, group, start.argument)
    if makeStream { command = command.appending("MKSTREAM") }
    do {
      try send(command)
      return true
    } catch .server(let error) where error.code == "BUSYGROUP" {
      return false
    }
  }

  /// `XGROUP DELCONSUMER`: forgets a consumer, returning how many entries it still held (now
  /// unowned and unclaimable: claim them first).
  @discardableResult
  public func deleteConsumer(_ consumer: String, group: String, on key: String) throws(RedisError) -> Int {
    try integer(RedisCommand("XGROUP", "DELCONSUMER", key, group, consumer))
  }

  /// `XREADGROUP`: reads entries for `consumer`, waiting up to `block` for some when none are
  /// ready (`nil` returns at once). An empty result means the wait ran out.
  public func xreadgroup(
    group: String, consumer: String, streams: [(key: String, position: StreamReadPosition)],
    count: Int? = nil, block: Duration? = nil
  ) throws(RedisError) -> [StreamRead] {
    let command = RedisCommand.xreadgroup(group: group, consumer: consumer, streams: streams, count: count, block: block)
    return try pipeline([], thenRead: command, serverWait: block ?? .zero).reads.get()
  }

  /// `XREAD`: reads entries without a group, waiting up to `block` when none are ready.
  public func xread(
    streams: [(key: String, position: StreamReadPosition)], count: Int? = nil, block: Duration? = nil
  ) throws(RedisError) -> [StreamRead] {
    let command = RedisCommand.xread(streams: streams, count: count, block: block)
    return try pipeline([], thenRead: command, serverWait: block ?? .zero).reads.get()
  }

  /// Writes `commands`, then `read` (an `XREAD` or `XREADGROUP`), in one pipeline; the read's
  /// entries are parsed in place, without a ``RedisValue`` per element. The other replies come
  /// back as values, error replies among them, as ``pipeline(_:serverWait:)`` returns them.
  func pipeline(
    _ commands: [RedisCommand], thenRead read: RedisCommand, serverWait: Duration
  ) throws(RedisError) -> (replies: [RedisValue], reads: Result<[StreamRead], RedisError>) {
    let (replies, last) = try exchange(
      commands + [read], serverWait: serverWait,
      last: { parser throws(RESPProtocolError) in try parser.nextStreamReads() },
      isPush: { if case .value(.push) = $0 { true } else { false } })
    switch last {
    case let .reads(reads):
      return (replies, .success(reads))
    case let .value(.error(error)):
      return (replies, .failure(.server(error)))
    case let .value(value):
      do throws(RedisError) {
        return (replies, .success(try StreamRead.list(value, command: read.name)))
      } catch {
        return (replies, .failure(error))
      }
    }
  }

  /// `XACK`: acknowledges entries, returning how many were pending.
  @discardableResult
  public func xack(_ key: String, group: String, ids: [StreamEntryID]) throws(RedisError) -> Int {
    try integer(.xack(key, group: group, ids: ids))
  }

  /// `XAUTOCLAIM key group consumer min-idle start [COUNT n]`: takes over entries pending longer
  /// than `minIdle` with any consumer, such as one that died.
  public func xautoclaim(
    _ key: String, group: String, consumer: String, minIdle: Duration,
    start: StreamEntryID = .zero, count: Int = 100
  ) throws(RedisError) -> StreamClaim {
    try StreamClaim(
      reply: send(
        RedisCommand(
          "XAUTOCLAIM", key, group, consumer, String(minIdle.wholeMilliseconds), start.description, "COUNT", String(count))))
  }

  /// `XCLAIM … JUSTID` with no minimum idle time: resets the idle time of entries `consumer`
  /// holds, so that a long job is not taken for abandoned. Returns the IDs still pending.
  @discardableResult
  public func renew(_ key: String, group: String, consumer: String, ids: [StreamEntryID]) throws(RedisError) -> [StreamEntryID] {
    let reply = try send(RedisCommand("XCLAIM", [key, group, consumer, "0"] + ids.map(\.description) + ["JUSTID"]))
    guard let elements = reply.elements else { throw .unexpectedReply(command: "XCLAIM", reply: reply.summary) }
    var renewed: [StreamEntryID] = []
    for element in elements { renewed.append(try StreamEntryID(reply: element, command: "XCLAIM")) }
    return renewed
  }

  /// `XPENDING key group`: the group's pending entries in sum.
  public func xpending(_ key: String, group: String) throws(RedisError) -> StreamPendingSummary {
    try StreamPendingSummary(reply: send(RedisCommand("XPENDING", key, group)))
  }

  /// `XPENDING key group [IDLE ms] - + count [consumer]`: up to `count` pending entries, oldest
  /// first, optionally only those idle at least `minIdle` or held by `consumer`.
  public func xpending(
    _ key: String, group: String, minIdle: Duration? = nil, count: Int, consumer: String? = nil
  ) throws(RedisError) -> [StreamPendingEntry] {
    var command = RedisCommand("XPENDING", key, group)
    if let minIdle { command = command.appending("IDLE").appending(String(minIdle.wholeMilliseconds)) }
    command = command.appending("-").appending("+").appending(String(count))
    if let consumer { command = command.appending(consumer) }
    let reply = try send(command)
    guard let elements = reply.elements else { throw .unexpectedReply(command: "XPENDING", reply: reply.summary) }
    var entries: [StreamPendingEntry] = []
    for element in elements { entries.append(try StreamPendingEntry(reply: element)) }
    return entries
  }

  /// `XLEN`: the number of entries in the stream (0 when it does not exist).
  public func xlen(_ key: String) throws(RedisError) -> Int {
    try integer(RedisCommand("XLEN", key))
  }

  /// `XDEL`: removes entries, returning how many existed.
  @discardableResult
  public func xdel(_ key: String, ids: [StreamEntryID]) throws(RedisError) -> Int {
    try integer(.xdel(key, ids: ids))
  }

  /// `XTRIM key MINID ~ id`: drops entries older than `id` (roughly, whole nodes at a time).
  @discardableResult
  public func xtrim(_ key: String, before id: StreamEntryID) throws(RedisError) -> Int {
    try integer(RedisCommand("XTRIM", key, "MINID", "~", id.description))
  }

  /// `XINFO GROUPS`: the stream's consumer groups.
  public func groups(of key: String) throws(RedisError) -> [StreamGroupInfo] {
    let reply = try send(RedisCommand("XINFO", "GROUPS", key))
    guard let elements = reply.elements else { throw .unexpectedReply(command: "XINFO GROUPS", reply: reply.summary) }
    var groups: [StreamGroupInfo] = []
    for element in elements { groups.append(try StreamGroupInfo(reply: element)) }
    return groups
  }

  /// `XINFO CONSUMERS`: the group's consumers.
  public func consumers(of group: String, on key: String) throws(RedisError) -> [StreamConsumerInfo] {
    let reply = try send(RedisCommand("XINFO", "CONSUMERS", key, group))
    guard let elements = reply.elements else { throw .unexpectedReply(command: "XINFO CONSUMERS", reply: reply.summary) }
    var consumers: [StreamConsumerInfo] = []
    for element in elements { consumers.append(try StreamConsumerInfo(reply: element)) }
    return consumers
  }
}
