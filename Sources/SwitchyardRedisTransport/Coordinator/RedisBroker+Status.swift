import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardWire

extension RedisBroker {
  /// How long a remote worker that has gone silent is remembered: its counters in the pool's
  /// heartbeat, and that its death was logged.
  static let forgetSilentWorkersAfter = Duration.seconds(300)

  /// The latest backlog of `kind`'s stream, as status shows it; `nil` before the first read.
  func remoteStatus(of kind: JobKind) -> RemotePoolStatus? {
    let now = ContinuousClock.now
    guard let read = state.withLock({ $0.backlogs[kind] }) else { return nil }
    return Self.status(of: read.backlog, readMillisAgo: (now - read.at).milliseconds, heartbeats: read.heartbeats)
  }

  /// `backlog`, read `since` milliseconds ago, as status shows it, with the live workers'
  /// `heartbeats` (how long before the read each last beat, by consumer name).
  ///
  /// A worker is listed while its heartbeat key lives, whatever the group says: handing a dead
  /// worker a job resets its consumer's idle time, and a dead one's consumer is removed.
  static func status(of backlog: StreamBacklog, readMillisAgo since: Int64, heartbeats: [String: Duration]) -> RemotePoolStatus {
    let pending = Dictionary(backlog.consumers.map { ($0.name, $0.pending) }, uniquingKeysWith: +)
    return RemotePoolStatus(
      streamLength: backlog.length,
      pending: backlog.pending,
      oldestPendingMillis: backlog.oldestPendingAge.map { $0.milliseconds + since },
      workers: heartbeats.sorted { $0.key < $1.key }.map { name, age in
        let (host, pid) = Self.hostAndPID(name)
        return RemoteWorkerStatus(host: host, pid: pid, pending: pending[name] ?? 0, lastHeardMillisAgo: age.milliseconds + since)
      }
    )
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

  /// `HOST/PID`, the consumer name of a worker (``StreamLayout/workerName(host:pid:)``).
  static func hostAndPID(_ name: String) -> (host: String, pid: Int32) {
    guard let slash = name.lastIndex(of: "/"), let pid = Int32(name[name.index(after: slash)...]) else { return (name, 0) }
    return (String(name[..<slash]), pid)
  }

  /// How often the streams' backlogs and the workers' heartbeats are read.
  static let backlogInterval = Duration.seconds(1)

  /// Reads each stream's backlog and its workers' heartbeats for status; with `releasingDead`,
  /// first hands back what every worker without a heartbeat holds (``releaseDeadWorkers(of:in:live:)``).
  func readBacklogs(releasingDead: Bool) throws(RedisError) {
    var reads: [JobKind: (backlog: StreamBacklog, heartbeats: [String: Duration])] = [:]
    for kind in kinds {
      var backlog = try reader.backlog(of: kind.rawValue)
      let heard = state.withLock { state in state.heard.filter { $0.value.kind == kind }.map(\.key) }
      let names = Array(Set(backlog.consumers.map(\.name) + heard))
      let heartbeats = try reader.heartbeatAges(kind: kind.rawValue, workers: names)
      if releasingDead, try releaseDeadWorkers(of: kind, in: backlog, live: heartbeats) {
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
    }
  }
}
