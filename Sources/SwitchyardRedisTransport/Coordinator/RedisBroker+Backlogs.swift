import SwitchyardRedis
import SwitchyardRuntime

extension RedisBroker {
  /// How often the streams' backlogs and the workers' heartbeats are read.
  static let backlogInterval = Duration.seconds(1)
  /// How long a pass of the backlogs may take before it counts as Redis stalled, as a read far
  /// past its block does.
  static let stalledPass = Duration.seconds(2)

  /// Reads each stream's backlog and its workers' heartbeats for status, looks for jobs Redis
  /// lost (`RedisBroker+Loss.swift`), and publishes each pool's backlog; with `releasingDead`,
  /// first hands back what every worker whose heartbeat stopped holds
  /// (``releaseDeadWorkers(of:in:live:)``).
  func readBacklogs(releasingDead: Bool) throws(RedisError) {
    let started = ContinuousClock.now
    try learnKinds()
    var reads: [JobKind: (backlog: StreamBacklog, heartbeats: [String: Duration])] = [:]
    for kind in kinds {
      var (written, backlog) = try readBacklog(of: kind)
      try findLostJobs(of: kind, among: written, length: backlog.length)
      let heard = state.withLock { state in state.heard.filter { $0.value.kind == kind }.map(\.key) }
      let names = Array(Set(backlog.consumers.map(\.name) + heard))
      let heartbeats = try reader.heartbeatAges(kind: kind.rawValue, workers: names)
      state.withLock { $0.beating.formUnion(heartbeats.keys) }
      // A pass Redis held up finds heartbeat keys that expired while it stalled, not dead workers.
      if releasingDead, ContinuousClock.now - started < Self.stalledPass,
        try releaseDeadWorkers(of: kind, in: backlog, live: heartbeats)
      {
        backlog = try reader.backlog(of: kind.rawValue)
      }
      reads[kind] = (backlog, heartbeats)
    }
    try publishBacklogs()
    let now = ContinuousClock.now
    state.withLock { state in
      for (kind, read) in reads { state.backlogs[kind] = (read.backlog, read.heartbeats, now) }
      state.heard = state.heard.filter { now - $0.value.at < Self.forgetSilentWorkersAfter }
      state.deaths = state.deaths.filter { now - $0.value < Self.forgetSilentWorkersAfter }
      state.heartbeats.forget(silentSince: now - Self.forgetSilentWorkersAfter)
    }
  }

  /// Finds the kind of each worker first heard without it by its heartbeat key, once: a worker
  /// that said hello before this coordinator started (it restarted) is then listed in status by
  /// its heartbeat, before a job makes it a consumer of its kind's group. Once only, so names a
  /// stray writer makes up cost one look each.
  private func learnKinds() throws(RedisError) {
    let unplaced = state.withLock { Array($0.unplaced) }
    guard !unplaced.isEmpty else { return }
    for kind in kinds {
      let live = try reader.heartbeatAges(kind: kind.rawValue, workers: unplaced)
      state.withLock { state in
        for worker in live.keys where state.heard[worker]?.kind == nil { state.heard[worker]?.kind = kind }
      }
    }
    state.withLock { $0.unplaced.subtract(unplaced) }
  }

  /// How long a published backlog outlives the coordinator that stopped publishing it.
  static let backlogExpiry = Duration.seconds(10)

  /// Publishes each pool's real backlog, queued in the coordinator and in its stream, as the
  /// length of its backlog list (``StreamLayout/backlog(_:)``), which KEDA's `redis` trigger reads:
  /// the stream alone holds at most the pool's in-flight limit, however long the queue.
  func publishBacklogs() throws(RedisError) {
    let backlogs = state.withLock(\.poolBacklogs)
    for (kind, count) in backlogs {
      try reader.publishBacklog(of: kind.rawValue, count: count, expiry: Self.backlogExpiry)
    }
  }
}
