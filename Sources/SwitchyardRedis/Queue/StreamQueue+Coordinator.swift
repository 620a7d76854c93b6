import SwitchyardWire

extension StreamQueue {
  /// Takes the namespace over for a new coordinator: drops what an earlier one of the same name
  /// left (its effects died with it, and its effect IDs would collide with ours; its workers'
  /// hand-offs and affinity bindings go too), then creates each kind's job stream and worker group,
  /// with the coordinator's mark (``StreamLayout/coordinatorMark``).
  public func prepare(kinds: [String]) throws(RedisError) {
    var keys = kinds.map(layout.jobs) + [layout.replies, layout.cancels]
    for pattern in layout.workerKeysPatterns { keys += try self.keys(matching: pattern) }
    var commands = [RedisCommand("DEL", keys)]
    for kind in kinds {
      commands += Self.createMarkedGroup(on: layout.jobs(kind))
    }
    for reply in try connection.pipeline(commands) {
      if case let .error(error) = reply, error.code != "BUSYGROUP" { throw .server(error) }
    }
  }

  /// Creates `stream` and its worker group, the coordinator's mark among its consumers.
  static func createMarkedGroup(on stream: String) -> [RedisCommand] {
    [
      RedisCommand("XGROUP", "CREATE", stream, StreamLayout.workerGroup, "0", "MKSTREAM"),
      RedisCommand("XGROUP", "CREATECONSUMER", stream, StreamLayout.workerGroup, StreamLayout.coordinatorMark),
    ]
  }

  /// Every key matching `pattern`, by `SCAN` (which, unlike `KEYS`, never blocks the server long).
  private func keys(matching pattern: String) throws(RedisError) -> [String] {
    var cursor = "0"
    var keys: [String] = []
    repeat {
      let reply = try connection.send(RedisCommand("SCAN", cursor, "MATCH", pattern, "COUNT", "1000"))
      guard let parts = reply.elements, parts.count == 2, let next = parts[0].string, let found = parts[1].elements else {
        throw .unexpectedReply(command: "SCAN", reply: reply.summary)
      }
      keys += found.compactMap(\.string)
      cursor = next
    } while cursor != "0"
    return keys
  }

  /// Appends `runs` to their kinds' job streams in one pipeline, returning their entry IDs.
  ///
  /// `maxLength` caps each job stream (roughly) as a last resort; entries past it are dropped
  /// unread, so a coordinator should stop taking effects well before a stream gets that long.
  @discardableResult
  public func enqueue(_ runs: [Run], maxLength: Int? = nil) throws(RedisError) -> [StreamEntryID] {
    try enqueue(encoded: runs.map { (kind: $0.kind, run: EncodedMessage(.run($0))) }, maxLength: maxLength)
  }

  /// Appends `run` messages already encoded to their kinds' job streams in one pipeline, as
  /// `enqueue(_:maxLength:)` does: the coordinator passes its frames' payloads through.
  @discardableResult
  public func enqueue(encoded runs: [(kind: String, run: EncodedMessage)], maxLength: Int? = nil) throws(RedisError) -> [StreamEntryID] {
    var streams: [String: String] = [:]
    let commands = runs.map { run in
      let stream = streams[run.kind] ?? layout.jobs(run.kind)
      streams[run.kind] = stream
      return Self.xadd(stream, run.run, maxLength: maxLength)
    }
    var ids: [StreamEntryID] = []
    ids.reserveCapacity(runs.count)
    for reply in try connection.pipeline(commands) {
      if case let .error(error) = reply { throw .server(error) }
      ids.append(try StreamEntryID(reply: reply, command: "XADD"))
    }
    return ids
  }

  /// Broadcasts `cancel` to every worker; the stream keeps about the last 10,000.
  public func broadcast(_ cancel: Cancel) throws(RedisError) {
    try broadcast(encoded: EncodedMessage(.cancel(cancel)))
  }

  /// Broadcasts a `cancel` message already encoded.
  public func broadcast(encoded cancel: EncodedMessage) throws(RedisError) {
    let reply = try connection.send(Self.xadd(layout.cancels, cancel, maxLength: 10_000))
    _ = try StreamEntryID(reply: reply, command: "XADD")
  }

  /// Reads up to `count` replies after `position`, waiting up to `block` when there are none.
  ///
  /// Continue from the batch's ``StreamBatch/last``; trim with ``trimReplies(before:)`` once
  /// they are applied.
  public func readReplies(
    after position: StreamReadPosition, count: Int = 1000, block: Duration? = nil
  ) throws(RedisError) -> StreamBatch<WorkerMessage> {
    let reads = try connection.xread(streams: [(layout.replies, position)], count: count, block: block)
    return Self.batch(reads.first?.entries ?? [], of: layout.replies, expecting: "reply") { message in
      switch message {
      case .emit, .finished, .failed, .hello, .heartbeat: message
      case .run, .cancel, .ping, .pong, .shutdown: nil
      }
    }
  }

  /// Drops replies before `id` (whole nodes at a time), once the coordinator has applied them.
  public func trimReplies(before id: StreamEntryID) throws(RedisError) {
    try connection.xtrim(layout.replies, before: id)
  }

  /// The job stream of `kind` as `status` shows it: length, pending entries and their oldest's
  /// age, and the workers reading it, the coordinator's mark apart.
  public func backlog(of kind: String) throws(RedisError) -> StreamBacklog {
    let stream = layout.jobs(kind)
    let replies = try connection.pipeline([
      RedisCommand("XLEN", stream),
      RedisCommand("XPENDING", stream, StreamLayout.workerGroup),
      RedisCommand("XINFO", "CONSUMERS", stream, StreamLayout.workerGroup),
      RedisCommand("TIME"),
    ])
    for reply in replies {
      if case let .error(error) = reply { throw .server(error) }
    }
    guard let length = replies[0].integer else { throw .unexpectedReply(command: "XLEN", reply: replies[0].summary) }
    let pending = try StreamPendingSummary(reply: replies[1])
    var consumers: [StreamConsumerInfo] = []
    for consumer in replies[2].elements ?? [] { consumers.append(try StreamConsumerInfo(reply: consumer)) }
    let isMarked = consumers.contains { $0.name == StreamLayout.coordinatorMark }
    consumers.removeAll { $0.name == StreamLayout.coordinatorMark }
    guard let time = replies[3].elements, time.count == 2, let seconds = time[0].integer, let micros = time[1].integer else {
      throw .unexpectedReply(command: "TIME", reply: replies[3].summary)
    }
    let now = UInt64(seconds) * 1000 + UInt64(micros) / 1000
    let age = pending.oldest.map { Duration.milliseconds(Int64(now) - Int64($0.milliseconds)) }
    return StreamBacklog(length: Int(length), pending: pending.count, oldestPendingAge: age, consumers: consumers, isMarked: isMarked)
  }
}
