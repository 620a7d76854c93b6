/// The journal that coordinators named alike share in Redis: a stream that only the lease's
/// holder can append to, and the snapshots it is trimmed behind.
///
/// Every write is a script that first checks that the lease holds the writer's exact grant, so
/// a deposed leader's late write (a partition healing, a process resumed after `SIGSTOP`) is
/// refused by Redis itself; and that the batch follows the last record, so the journal has no gaps.
public struct FencedJournalStream: Sendable {
  /// The connection writes and reads use; a blocking read wants one of its own.
  public let connection: RedisConnection
  /// Where the stream, its head, the snapshots and the lease live.
  public let layout: HighAvailabilityLayout

  /// The stream at `layout`'s keys.
  public init(connection: RedisConnection, layout: HighAvailabilityLayout) {
    self.connection = connection
    self.layout = layout
  }

  /// Appends `entry` if `grant` still holds the lease and the entry follows the stream's last
  /// record; otherwise nothing is written.
  public func append(_ entry: JournalStreamEntry, under grant: LeaseGrant) throws(FencedAppendError) {
    try fenced(grant, first: entry.first) { () throws(RedisError) in
      try connection.evaluate(
        Self.appendScript, keys: [layout.lease, layout.journal, layout.head],
        arguments: [
          grant.value, Array(String(entry.first).utf8), Array(String(entry.last).utf8), Array(String(grant.epoch).utf8), entry.records,
        ])
    }
  }

  /// How many Redis replicas have every write made before this call, on any connection, waiting
  /// up to `timeout` (at least a millisecond) for `replicas` of them.
  ///
  /// `WAIT` counts the replicas that have its own connection's last write, and a connection made
  /// again after an append (Redis dropped the old one) has written nothing: `WAIT` alone would
  /// return at once. So the mark is incremented first, in one pipeline with `WAIT`: both go out
  /// on one connection or the call throws, and the mark follows every earlier write in the
  /// replication stream, so a replica that has it has them.
  public func waitForReplicas(_ replicas: Int, timeout: Duration) throws(RedisError) -> Int {
    let milliseconds = max(1, timeout.wholeMilliseconds)
    let replies = try connection.pipeline(
      [RedisCommand("INCR", layout.replicationMark), RedisCommand("WAIT", String(replicas), String(milliseconds))], serverWait: timeout)
    if case let .error(error) = replies[0] { throw .server(error) }
    guard case let .integer(count) = replies[1] else { throw .unexpectedReply(command: "WAIT", reply: "\(replies[1])") }
    return Int(count)
  }

  /// Makes the stream start after record `sequence` when it has never been written, so a leader
  /// whose own journal already holds records continues from them; `false` when it was written.
  @discardableResult
  public func start(after sequence: UInt64, under grant: LeaseGrant) throws(FencedAppendError) -> Bool {
    var started = false
    try fenced(grant) { () throws(RedisError) in
      let reply = try connection.evaluate(
        Self.startScript, keys: [layout.lease, layout.head], arguments: [grant.value, Array(String(sequence).utf8)])
      started = reply.integer == 1
    }
    return started
  }

  /// The sequence number of the last record appended, 0 before the first.
  public func head() throws(RedisError) -> UInt64 {
    try connection.get(layout.head).flatMap { UInt64(String(decoding: $0, as: UTF8.self)) } ?? 0
  }

  /// Up to `count` entries holding records after `sequence`, waiting up to `block` for one when
  /// there are none (`nil` returns at once). The first may begin at or before `sequence`.
  public func read(after sequence: UInt64, count: Int = 512, block: Duration? = nil) throws(RedisError) -> [JournalStreamEntry] {
    let position = StreamReadPosition.after(StreamEntryID(milliseconds: sequence, sequence: 0))
    let reads = try connection.xread(streams: [(layout.journal, position)], count: count, block: block)
    var entries: [JournalStreamEntry] = []
    for read in reads {
      for entry in read.entries { entries.append(try JournalStreamEntry(entry)) }
    }
    return entries
  }

  /// Stores a snapshot taken after record `sequence` if `grant` still holds the lease, keeps the
  /// newest `kept` snapshots and trims the stream of the records before the oldest kept.
  public func storeSnapshot(_ bytes: [UInt8], sequence: UInt64, keeping kept: Int, under grant: LeaseGrant) throws(FencedAppendError) {
    try fenced(grant) { () throws(RedisError) in
      try connection.evaluate(
        Self.snapshotScript, keys: [layout.lease, layout.snapshots, layout.journal],
        arguments: [grant.value, Array(String(sequence).utf8), bytes, Array(String(max(1, kept)).utf8)])
    }
  }

  /// The sequence numbers of the snapshots kept, oldest first.
  public func snapshotSequences() throws(RedisError) -> [UInt64] {
    let reply = try connection.send(RedisCommand("HKEYS", layout.snapshots))
    return (reply.elements ?? []).compactMap { $0.string.flatMap { UInt64($0) } }.sorted()
  }

  /// The bytes of the snapshot taken after record `sequence`, or `nil` when it is not kept.
  public func snapshot(_ sequence: UInt64) throws(RedisError) -> [UInt8]? {
    let reply = try connection.send(RedisCommand("HGET", layout.snapshots, String(sequence)))
    return reply == .null ? nil : reply.bytes
  }

  /// Runs `write`, turning the scripts' `FENCED` and `GAP` errors into their cases.
  private func fenced(_ grant: LeaseGrant, first: UInt64 = 0, _ write: () throws(RedisError) -> Void) throws(FencedAppendError) {
    do {
      try write()
    } catch .server(let error) where error.code == "FENCED" {
      throw .fenced(writer: grant, current: LeaseGrant(value: Array(error.message.utf8)))
    } catch .server(let error) where error.code == "GAP" {
      throw .gap(head: UInt64(error.message) ?? 0, first: first)
    } catch {
      throw .redis(error)
    }
  }

  /// Refuses with `FENCED <lease value>` unless `KEYS[1]` (the lease) holds `ARGV[1]`.
  private static let fence = """
    local held = redis.call('GET', KEYS[1])
    if held ~= ARGV[1] then return redis.error_reply('FENCED ' .. (held or '')) end

    """

  /// `KEYS` lease, stream, head; `ARGV` grant, first, last, epoch, records.
  static let appendScript = RedisScript(
    fence + """
      local head = tonumber(redis.call('GET', KEYS[3]) or '0')
      if tonumber(ARGV[2]) ~= head + 1 then return redis.error_reply('GAP ' .. head) end
      redis.call('XADD', KEYS[2], ARGV[3] .. '-0', 'epoch', ARGV[4], 'first', ARGV[2], 'records', ARGV[5])
      redis.call('SET', KEYS[3], ARGV[3])
      return head
      """)

  /// `KEYS` lease, head; `ARGV` grant, sequence.
  static let startScript = RedisScript(
    fence + """
      if redis.call('SET', KEYS[2], ARGV[2], 'NX') then return 1 end
      return 0
      """)

  /// `KEYS` lease, snapshots, stream; `ARGV` grant, sequence, bytes, how many to keep.
  static let snapshotScript = RedisScript(
    fence + """
      redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
      local kept = {}
      for _, key in ipairs(redis.call('HKEYS', KEYS[2])) do kept[#kept + 1] = tonumber(key) end
      table.sort(kept, function(a, b) return a > b end)
      local keep = tonumber(ARGV[4])
      for index = keep + 1, #kept do redis.call('HDEL', KEYS[2], string.format('%d', kept[index])) end
      local oldest = kept[math.min(keep, #kept)]
      redis.call('XTRIM', KEYS[3], 'MINID', string.format('%d-0', oldest + 1))
      return oldest
      """)
}
