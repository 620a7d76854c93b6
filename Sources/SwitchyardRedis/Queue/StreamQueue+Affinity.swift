import SwitchyardWire

extension StreamQueue {
  /// An entry's field, in a hand-off, naming the job's entry in its kind's stream.
  static let entryField = "entry"

  /// Binds the affinity keys of `jobs`, just read from `kind`'s stream by `worker`, and hands
  /// each job whose key is bound to another worker over to it; returns the jobs `worker` runs.
  ///
  /// A key unbound so far is bound to `worker` for `lease` (`SET … NX PX`), which the worker
  /// renews while it holds jobs of that key (``renewLeases(_:kind:lease:)``). A job handed over
  /// is claimed for its key's worker (`XCLAIM … 0 JUSTID`) and announced in that worker's
  /// hand-off stream, so it stays pending in the kind's stream: if that worker is gone, it is
  /// reclaimed like any other job (proto/PROTOCOL.md section 7.8).
  public func bindAffinity(
    _ jobs: [StreamMessage<Run>], kind: String, worker: String, lease: Duration
  ) throws(RedisError) -> [StreamMessage<Run>] {
    let keys = Array(Set(jobs.compactMap(\.message.affinity)))
    guard !keys.isEmpty else { return jobs }
    var commands: [RedisCommand] = []
    for key in keys {
      let binding = layout.affinity(kind, key: key)
      commands.append(RedisCommand("SET", binding, worker, "NX", "PX", String(lease.wholeMilliseconds)))
      commands.append(RedisCommand("GET", binding))
    }
    let replies = try connection.pipeline(commands)
    var holders: [String: String] = [:]
    for (index, key) in keys.enumerated() {
      if case let .error(error) = replies[index * 2 + 1] { throw .server(error) }
      holders[key] = replies[index * 2 + 1].string
    }
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
