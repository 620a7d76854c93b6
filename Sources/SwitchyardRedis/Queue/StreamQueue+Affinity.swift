import SwitchyardWire

extension StreamQueue {
  /// An entry's field, in a hand-off, naming the job's entry in its kind's stream.
  static let entryField = "entry"

  /// Binds the affinity keys of `jobs`, just read from `kind`'s stream by `worker`, and hands
  /// each job whose key is bound to another worker over to it; returns the jobs `worker` runs.
  ///
  /// A key unbound so far, or bound to a worker whose heartbeat stopped, is bound to `worker`
  /// for `lease` (``bindScript``), which the worker renews while it holds jobs of that key
  /// (``renewLeases(_:kind:lease:)``). A job handed over is claimed for its key's worker
  /// (`XCLAIM … 0 JUSTID`) and announced in that worker's hand-off stream, so it stays pending
  /// in the kind's stream: if that worker dies, the coordinator hands it back with the rest of
  /// what it held (``releaseDeadWorker(kind:worker:)``, proto/PROTOCOL.md section 7.8).
  public func bindAffinity(
    _ jobs: [StreamMessage<Run>], kind: String, worker: String, lease: Duration
  ) throws(RedisError) -> [StreamMessage<Run>] {
    let keys = Array(Set(jobs.compactMap(\.message.affinity)))
    guard !keys.isEmpty else { return jobs }
    var bind = RedisCommand("EVAL", Self.bindScript, String(keys.count))
    for key in keys { bind.append(layout.affinity(kind, key: key)) }
    bind.append(worker)
    bind.append(String(lease.wholeMilliseconds))
    bind.append(layout.heartbeatPrefix(kind))
    let reply = try connection.send(bind)
    guard let bound = reply.elements?.compactMap(\.string), bound.count == keys.count else {
      throw .unexpectedReply(command: "EVAL", reply: reply.summary)
    }
    let holders = Dictionary(uniqueKeysWithValues: zip(keys, bound))
    var mine: [StreamMessage<Run>] = []
    var handOffs: [RedisCommand] = []
    var receivers: Set<String> = []
    let stream = layout.jobs(kind)
    for job in jobs {
      guard let key = job.message.affinity, let holder = holders[key], holder != worker else {
        mine.append(job)
        continue
      }
      handOffs.append(RedisCommand("XCLAIM", stream, StreamLayout.workerGroup, holder, "0", job.id.description, "JUSTID"))
      var handOff = Self.xadd(layout.handOffs(kind, worker: holder), EncodedMessage(.run(job.message)), maxLength: 10_000)
      handOff.append(Self.entryField)
      handOff.append(job.id)
      handOffs.append(handOff)
      receivers.insert(holder)
    }
    // A stream made by this XADD (its worker's had expired) must expire too.
    handOffs += receivers.map { handOffExpiry(kind: kind, worker: $0, lease: lease) }
    for reply in try connection.pipeline(handOffs) {
      if case let .error(error) = reply { throw .server(error) }
    }
    return mine
  }

  /// Binds each key in `KEYS` to `ARGV[1]` for `ARGV[2]` milliseconds unless a live worker holds
  /// it, and returns each key's holder. A holder is live while its heartbeat key (`ARGV[3]` and
  /// its name) exists: a key bound to a dead worker moves at once, and no job is handed to it.
  static let bindScript = """
    local holders = {}
    for i, key in ipairs(KEYS) do
      local holder = redis.call('GET', key)
      if not holder or (holder ~= ARGV[1] and redis.call('EXISTS', ARGV[3] .. holder) == 0) then
        redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
        holder = ARGV[1]
      end
      holders[i] = holder
    end
    return holders
    """

  /// Takes the jobs other workers handed `worker` (entries of its hand-off stream): claims each
  /// job's entry in `kind`'s stream for itself, keeping those still pending (a job reclaimed
  /// meanwhile is no longer its to run), then acknowledges and deletes the hand-offs.
  func takeHandOffs(_ entries: [StreamEntry], kind: String, worker: String) throws(RedisError) -> StreamBatch<Run> {
    let handOffStream = layout.handOffs(kind, worker: worker)
    var batch = StreamBatch<Run>(last: entries.last?.id)
    var offered: [StreamMessage<Run>] = []
    for entry in entries {
      guard let field = entry[field: Self.entryField], let id = StreamEntryID(String(decoding: field, as: UTF8.self)) else {
        batch.rejected.append(RejectedEntry(stream: handOffStream, id: entry.id, error: .missingField(Self.entryField)))
        continue
      }
      switch Self.message(in: entry) {
      case let .success((.run(run), _)) where run.kind == kind:
        offered.append(StreamMessage(id: id, message: run))
      case let .success((message, _)):
        batch.rejected.append(
          RejectedEntry(stream: handOffStream, id: entry.id, error: .unexpectedType(expected: "run", found: message.typeName)))
      case let .failure(error):
        batch.rejected.append(RejectedEntry(stream: handOffStream, id: entry.id, error: error))
      }
    }
    let stream = layout.jobs(kind)
    var commands = offered.map { RedisCommand("XCLAIM", stream, StreamLayout.workerGroup, worker, "0", $0.id.description, "JUSTID") }
    let ids = entries.map(\.id)
    commands.append(.xack(handOffStream, group: StreamLayout.workerGroup, ids: ids))
    commands.append(.xdel(handOffStream, ids: ids))
    let replies = try connection.pipeline(commands)
    for (job, reply) in zip(offered, replies) where reply.elements?.isEmpty == false {
      batch.messages.append(job)
    }
    return batch
  }

  /// Keeps `worker`'s hand-off stream for three `lease`s more; a live worker calls it every
  /// third of a lease.
  ///
  /// So the stream of a worker that died goes by itself. Its entries only announce jobs that stay
  /// pending in the kind's stream, where they are reclaimed, so a live worker cut off that long
  /// loses nothing with it: it joins again (`NOGROUP`) and its held jobs are reclaimed.
  public func keepHandOffs(kind: String, worker: String, lease: Duration) throws(RedisError) {
    try connection.send(handOffExpiry(kind: kind, worker: worker, lease: lease))
  }

  private func handOffExpiry(kind: String, worker: String, lease: Duration) -> RedisCommand {
    RedisCommand("PEXPIRE", layout.handOffs(kind, worker: worker), String((lease * 3).wholeMilliseconds))
  }

  /// Extends the bindings of the affinity keys of jobs `worker` is running by `lease`.
  public func renewLeases(_ jobs: [StreamMessage<Run>], kind: String, lease: Duration) throws(RedisError) {
    let keys = Set(jobs.compactMap(\.message.affinity))
    guard !keys.isEmpty else { return }
    _ = try connection.pipeline(keys.map { RedisCommand("PEXPIRE", layout.affinity(kind, key: $0), String(lease.wholeMilliseconds)) })
  }

  /// Unbinds the affinity keys of jobs reclaimed from a worker that stopped answering, so their
  /// retries bind to a worker that answers.
  func releaseLeases(_ jobs: [StreamMessage<Run>], kind: String) throws(RedisError) {
    let keys = Set(jobs.compactMap(\.message.affinity)).map { layout.affinity(kind, key: $0) }
    guard !keys.isEmpty else { return }
    try connection.send(RedisCommand("DEL", keys))
  }
}
