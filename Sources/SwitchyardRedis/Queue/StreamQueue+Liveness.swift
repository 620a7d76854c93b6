import SwitchyardWire

extension StreamQueue {
  /// Sets `worker`'s heartbeat key for ``WorkerLiveness/timeout``: it is alive that long.
  ///
  /// When Redis refuses the `SET` for want of memory (`OOM` at `maxmemory` with `noeviction`),
  /// the key it already has is extended with `PEXPIRE`, which Redis still takes: a worker that
  /// is alive is not found dead because Redis is full. Returns the refusal then, for the log;
  /// throws when the key could not be kept either.
  @discardableResult
  public func beat(kind: String, worker: String) throws(RedisError) -> RedisServerError? {
    let key = layout.heartbeat(kind, worker: worker)
    let timeout = String(WorkerLiveness.timeout.wholeMilliseconds)
    do throws(RedisError) {
      try connection.send(RedisCommand("SET", key, "1", "PX", timeout))
      return nil
    } catch .server(let refusal) where refusal.code == "OOM" {
      guard try connection.send(RedisCommand("PEXPIRE", key, timeout)).integer == 1 else { throw .server(refusal) }
      return refusal
    }
  }

  /// How long ago each of `workers` of `kind` last beat, by the server's clock; a worker missing
  /// from the result has no heartbeat key, so it is dead.
  public func heartbeatAges(kind: String, workers: [String]) throws(RedisError) -> [String: Duration] {
    guard !workers.isEmpty else { return [:] }
    let replies = try connection.pipeline(workers.map { RedisCommand("PTTL", layout.heartbeat(kind, worker: $0)) })
    var ages: [String: Duration] = [:]
    for (worker, reply) in zip(workers, replies) {
      if case let .error(error) = reply { throw .server(error) }
      // -2 is no key; -1, a key without expiry, is none a worker wrote.
      guard let left = reply.integer, left >= 0 else { continue }
      ages[worker] = .milliseconds(max(0, WorkerLiveness.timeout.wholeMilliseconds - left))
    }
    return ages
  }

  /// Hands back every job dead `worker` holds in `kind`'s stream as a retryable `workerLost`
  /// failure, unbinds their affinity keys, and removes the worker from the group and its
  /// hand-off stream; returns the jobs handed back.
  ///
  /// Jobs handed to it a moment before its key expired (a hand-off already under way) land in
  /// the group again under its name; calling this again for a consumer without a heartbeat
  /// hands them back too.
  @discardableResult
  public func releaseDeadWorker(kind: String, worker: String) throws(RedisError) -> StreamBatch<Run> {
    let stream = layout.jobs(kind)
    var released = StreamBatch<Run>()
    // Each round acknowledges what it claimed; the bound only guards against a server that does not.
    for _ in 0..<100 {
      let pending = try connection.xpending(stream, group: StreamLayout.workerGroup, count: 1000, consumer: worker)
      guard !pending.isEmpty else { break }
      // Claimed for the dead worker itself: the entries come back with their messages, and no
      // other consumer is made.
      var claim = RedisCommand("XCLAIM", stream, StreamLayout.workerGroup, worker, "0")
      for entry in pending { claim.append(entry.id.description) }
      let batch = Self.batch(try StreamEntry.list(connection.send(claim), command: "XCLAIM"), of: stream, expecting: "run") { message in
        if case let .run(run) = message { run } else { nil }
      }
      try handBack(
        batch, kind: kind, as: nil,
        because: "remote worker \(worker) sent no heartbeat for \(WorkerLiveness.timeout), so the coordinator handed its job back")
      released.messages += batch.messages
      released.rejected += batch.rejected
      // Entries deleted while pending are dropped by XCLAIM and claimed by none; stop when none was.
      if batch.isEmpty { break }
    }
    let replies = try connection.pipeline([
      RedisCommand("XGROUP", "DELCONSUMER", stream, StreamLayout.workerGroup, worker),
      RedisCommand("DEL", layout.handOffs(kind, worker: worker), layout.heartbeat(kind, worker: worker)),
    ])
    for reply in replies {
      if case let .error(error) = reply { throw .server(error) }
    }
    return released
  }

  /// Hands `batch`'s jobs back to the coordinator as retryable `workerLost` failures saying
  /// why (a phrase the coordinator reads after "The", as it does its own workers' exits), as `worker` (`nil` for the coordinator itself), acknowledges and deletes their entries
  /// and the malformed ones, and unbinds their affinity keys so their retries bind afresh.
  func handBack(_ batch: StreamBatch<Run>, kind: String, as worker: String?, because why: String) throws(RedisError) {
    let handBacks = batch.messages.map { job in
      WorkerMessage.failed(
        Failed(effect: job.message.effect, generation: job.message.generation, code: "workerLost", message: why, retryable: true))
    }
    try reply(handBacks, worker: worker, completing: batch.messages)
    try releaseLeases(batch.messages, kind: kind)
    if !batch.rejected.isEmpty { try settle(layout.jobs(kind), ids: batch.rejected.map(\.id)) }
  }
}
