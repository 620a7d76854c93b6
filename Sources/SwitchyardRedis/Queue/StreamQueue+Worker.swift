import SwitchyardWire

extension StreamQueue {
  /// Joins the worker group of `kind`'s job stream, creating stream and group when this worker
  /// comes before the coordinator, and, for `worker`, the group of its hand-off stream.
  public func join(kind: String, worker: String? = nil) throws(RedisError) {
    try connection.createGroup(StreamLayout.workerGroup, on: layout.jobs(kind), startingAfter: .after(.zero))
    if let worker {
      try connection.createGroup(StreamLayout.workerGroup, on: layout.handOffs(kind, worker: worker), startingAfter: .after(.zero))
    }
  }

  /// Reads up to `count` jobs of `kind` for `worker` (its consumer name), waiting up to `block`.
  ///
  /// `.undelivered` reads new jobs; `.after(.zero)` re-reads the jobs this worker holds, which a
  /// worker restarted under the same name does first. Malformed entries are acknowledged,
  /// deleted and returned as rejected. When the group is gone, or the stream was deleted under a
  /// blocked read (`NOGROUP`, `UNBLOCKED`: a new coordinator took the namespace over), the worker
  /// joins again and reads once more.
  ///
  /// The same read takes the jobs other workers handed `worker` (its hand-off stream). With an
  /// `affinityLease`, jobs with an affinity key are bound first and those bound to another worker
  /// handed over to it (``bindAffinity(_:kind:worker:lease:)``), so the batch holds only the
  /// jobs `worker` is to run.
  public func readJobs(
    kind: String, worker: String, from position: StreamReadPosition = .undelivered,
    count: Int = 100, block: Duration? = nil, affinityLease: Duration? = nil
  ) throws(RedisError) -> StreamBatch<Run> {
    var replies = WorkerReplies()
    return try readJobs(
      kind: kind, worker: worker, from: position, count: count, block: block, affinityLease: affinityLease,
      afterWriting: &replies)
  }

  /// Writes `replies` as `worker` and reads jobs, as ``readJobs(kind:worker:from:count:block:affinityLease:)``
  /// does, in one pipeline: a worker that has just run a batch sends its replies and asks for
  /// the next batch in one round trip.
  ///
  /// `replies` is emptied once Redis took them, so after a throw it holds what may not have
  /// been written, for ``reply(encoded:worker:completing:)``; so it does too when Redis refused
  /// them for want of memory (`OOM`), and the jobs read are returned all the same.
  public func readJobs(
    kind: String, worker: String, from position: StreamReadPosition = .undelivered,
    count: Int = 100, block: Duration? = nil, affinityLease: Duration? = nil,
    afterWriting replies: inout WorkerReplies
  ) throws(RedisError) -> StreamBatch<Run> {
    let stream = layout.jobs(kind)
    let handOffs = layout.handOffs(kind, worker: worker)
    let read = RedisCommand.xreadgroup(
      group: StreamLayout.workerGroup, consumer: worker, streams: [(stream, position), (handOffs, position)],
      count: count, block: block)
    var reads: [StreamRead] = []
    // A missing group (this worker's hand-off stream's, or the kind's after a takeover) is made
    // again; a takeover under the read made again may unblock it once more.
    for attempt in 1...3 {
      do throws(RedisError) {
        let commands = replies.isEmpty ? [] : replyCommands(replies, worker: worker)
        let answers = try connection.pipeline(commands, thenRead: read, serverWait: block ?? .zero)
        do throws(RedisError) {
          try Self.checkWritten(answers.replies)
          replies = WorkerReplies()
        } catch .server(let refusal) where refusal.code == "OOM" {
          // Refused whole: kept for the caller. The jobs read stand, as Redis out of memory
          // still delivers them to this worker.
        }
        reads = try answers.reads.get()
        break
      } catch .server(let error) where attempt < 3 && (error.code == "NOGROUP" || error.code == "UNBLOCKED") {
        try join(kind: kind, worker: worker)
      }
    }
    var batch = Self.batch(reads.first { $0.key == stream }?.entries ?? [], of: stream, expecting: "run") { message in
      if case let .run(run) = message, run.kind == kind { run } else { nil }
    }
    if !batch.rejected.isEmpty {
      try settle(stream, ids: batch.rejected.map(\.id))
    }
    if let affinityLease {
      batch.messages = try bindAffinity(batch.messages, kind: kind, worker: worker, lease: affinityLease)
    }
    if let offered = reads.first(where: { $0.key == handOffs })?.entries, !offered.isEmpty {
      let taken = try takeHandOffs(offered, kind: kind, worker: worker)
      batch.messages += taken.messages
      batch.rejected += taken.rejected
    }
    return batch
  }

  /// Writes `messages` to the reply stream as `worker` (`nil` for none, as the coordinator
  /// handing back a dead worker's jobs), then acknowledges and deletes the entries of
  /// `completed` jobs, in one transaction and in that order: a reply Redis refuses (`OOM` at
  /// `maxmemory`) leaves its job pending, never acknowledged without its end.
  ///
  /// Send a job's `finished` or `failed` with its entry in `completed`: should the worker die
  /// in between, the entry is reclaimed and the coordinator, which already has the end, drops
  /// the reclaim's `failed`.
  public func reply(_ messages: [WorkerMessage], worker: String?, completing completed: [StreamMessage<Run>] = []) throws(RedisError) {
    try reply(encoded: messages.map(EncodedMessage.init), worker: worker, completing: completed)
  }

  /// Writes replies already encoded, as `reply(_:worker:completing:)` does: a worker passes its
  /// handlers' frames' payloads through.
  public func reply(
    encoded messages: [EncodedMessage], worker: String?, completing completed: [StreamMessage<Run>] = []
  ) throws(RedisError) {
    let commands = replyCommands(WorkerReplies(messages: messages, completed: completed), worker: worker)
    try Self.checkWritten(try connection.pipeline(commands))
  }

  /// The `XADD`s of `replies`' messages, then the `XACK` and `XDEL` of the jobs they complete,
  /// in a `MULTI`/`EXEC`: a pipeline is no transaction, and Redis refusing an `XADD` would not
  /// stop the `XACK` after it. A command refused as it is queued (`OOM`) aborts the whole
  /// transaction, so replies written again are never written twice.
  private func replyCommands(_ replies: WorkerReplies, worker: String?) -> [RedisCommand] {
    let stream = layout.replies
    var commands = replies.messages.map { Self.xadd(stream, $0, worker: worker) }
    for (kind, jobs) in Dictionary(grouping: replies.completed, by: \.message.kind) {
      let ids = jobs.map(\.id)
      commands.append(.xack(layout.jobs(kind), group: StreamLayout.workerGroup, ids: ids))
      commands.append(.xdel(layout.jobs(kind), ids: ids))
    }
    return [RedisCommand("MULTI")] + commands + [RedisCommand("EXEC")]
  }

  /// Throws the first error among the answers to ``replyCommands(_:worker:)``, including those
  /// inside `EXEC`'s answer: the `OOM` that refused a queued command comes before `EXECABORT`.
  private static func checkWritten(_ answers: [RedisValue]) throws(RedisError) {
    for answer in answers {
      if case let .error(error) = answer { throw .server(error) }
      if case let .array(executed) = answer {
        for case let .error(error) in executed { throw .server(error) }
      }
    }
  }

  /// Resets the idle time of jobs `worker` is still running, so that no other worker reclaims
  /// them; call it well within the reclaim idle time (a third of it, say).
  @discardableResult
  public func renew(_ jobs: [StreamMessage<Run>], worker: String) throws(RedisError) -> [StreamEntryID] {
    var renewed: [StreamEntryID] = []
    for (kind, jobs) in Dictionary(grouping: jobs, by: \.message.kind) {
      renewed += try connection.renew(layout.jobs(kind), group: StreamLayout.workerGroup, consumer: worker, ids: jobs.map(\.id))
    }
    return renewed
  }

  /// Takes over jobs of `kind` pending longer than `minIdle` with any worker (one that died or
  /// stopped), and hands each back to the coordinator as a retryable `failed` with code
  /// `workerLost`, then acknowledges and deletes its entry.
  ///
  /// The claimed attempt is not run here: only the coordinator mints generations, so it retries
  /// under a new one, and whatever the lost worker still sends for the old one is fenced off.
  /// Returns the jobs handed back (and entries that were malformed, settled the same way).
  @discardableResult
  public func reclaimAbandoned(kind: String, worker: String, minIdle: Duration, count: Int = 100) throws(RedisError) -> StreamBatch<Run> {
    let stream = layout.jobs(kind)
    var entries: [StreamEntry] = []
    var start = StreamEntryID.zero
    repeat {
      let claim = try connection.xautoclaim(
        stream, group: StreamLayout.workerGroup, consumer: worker, minIdle: minIdle, start: start, count: count - entries.count)
      entries += claim.entries
      start = claim.next
    } while start != .zero && entries.count < count
    let batch = Self.batch(entries, of: stream, expecting: "run") { message in
      if case let .run(run) = message { run } else { nil }
    }
    try handBack(
      batch, kind: kind, as: worker, because: "worker running this job stopped answering for \(minIdle), so \(worker) reclaimed it")
    return batch
  }

  /// The newest `count` cancellations already broadcast, oldest first, for a worker starting now:
  /// their jobs may still wait in a stream. It continues reading after the batch's
  /// ``StreamBatch/last``, which is the newest entry (or the stream's start when it is empty).
  public func recentCancels(count: Int) throws(RedisError) -> StreamBatch<Cancel> {
    let reply = try connection.send(RedisCommand("XREVRANGE", layout.cancels, "+", "-", "COUNT", String(max(1, count))))
    let newestFirst = try StreamEntry.list(reply, command: "XREVRANGE")
    var batch = Self.batch(Array(newestFirst.prefix(count).reversed()), of: layout.cancels, expecting: "cancel") { message in
      if case let .cancel(cancel) = message { cancel } else { nil }
    }
    batch.last = newestFirst.first?.id ?? .zero
    return batch
  }

  /// Reads cancellations after `position`, waiting up to `block`; continue from the batch's
  /// ``StreamBatch/last``.
  public func readCancels(after position: StreamReadPosition, count: Int = 1000, block: Duration? = nil) throws(RedisError) -> StreamBatch<Cancel> {
    let reads = try connection.xread(streams: [(layout.cancels, position)], count: count, block: block)
    return Self.batch(reads.first?.entries ?? [], of: layout.cancels, expecting: "cancel") { message in
      if case let .cancel(cancel) = message { cancel } else { nil }
    }
  }

  /// Acknowledges and deletes entries that will never be run.
  func settle(_ stream: String, ids: [StreamEntryID]) throws(RedisError) {
    for reply in try connection.pipeline([.xack(stream, group: StreamLayout.workerGroup, ids: ids), .xdel(stream, ids: ids)]) {
      if case let .error(error) = reply { throw .server(error) }
    }
  }
}
