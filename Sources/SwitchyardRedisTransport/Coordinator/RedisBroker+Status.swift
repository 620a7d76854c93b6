import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardWire

extension RedisBroker {
  /// How long a remote worker that has gone silent stays in status.
  static let forgetSilentWorkersAfter = Duration.seconds(300)

  /// The latest backlog of `kind`'s stream, as status shows it; `nil` before the first read.
  func remoteStatus(of kind: JobKind) -> RemotePoolStatus? {
    let now = ContinuousClock.now
    let (cached, heard) = state.withLock { state in
      (state.backlogs[kind], state.heard.filter { $0.value.kind == kind }.mapValues { (now - $0.at).milliseconds })
    }
    guard let (backlog, at) = cached else { return nil }
    return Self.status(of: backlog, readMillisAgo: (now - at).milliseconds, heard: heard)
  }

  /// `backlog`, read `since` milliseconds ago, as status shows it, with the workers `heard` from
  /// (milliseconds since, by consumer name).
  static func status(of backlog: StreamBacklog, readMillisAgo since: Int64, heard: [String: Int64]) -> RemotePoolStatus {
    // A worker is heard from through its replies and heartbeats; the group knows what it holds,
    // and when it last took a job.
    var workers = heard.mapValues { (pending: 0, lastHeard: $0) }
    for consumer in backlog.consumers {
      let idle = consumer.idleMilliseconds + since
      let lastHeard = min(idle, workers[consumer.name]?.lastHeard ?? idle)
      // The group keeps a consumer that died; one silent that long that holds nothing is gone.
      guard consumer.pending > 0 || lastHeard < Self.forgetSilentWorkersAfter.milliseconds else { continue }
      workers[consumer.name] = (consumer.pending, lastHeard)
    }
    return RemotePoolStatus(
      streamLength: backlog.length,
      pending: backlog.pending,
      oldestPendingMillis: backlog.oldestPendingAge.map { $0.milliseconds + since },
      workers: workers.map { name, worker in
        let (host, pid) = Self.hostAndPID(name)
        return RemoteWorkerStatus(host: host, pid: pid, pending: worker.pending, lastHeardMillisAgo: worker.lastHeard)
      }
    )
  }

  /// `HOST/PID`, the consumer name of a worker (``StreamLayout/workerName(host:pid:)``).
  static func hostAndPID(_ name: String) -> (host: String, pid: Int32) {
    guard let slash = name.lastIndex(of: "/"), let pid = Int32(name[name.index(after: slash)...]) else { return (name, 0) }
    return (String(name[..<slash]), pid)
  }

  /// How often the streams' backlogs are read for status.
  static let backlogInterval = Duration.seconds(1)

  func readBacklogs() throws(RedisError) {
    var backlogs: [JobKind: StreamBacklog] = [:]
    for kind in kinds { backlogs[kind] = try reader.backlog(of: kind.rawValue) }
    let now = ContinuousClock.now
    state.withLock { state in
      for (kind, backlog) in backlogs { state.backlogs[kind] = (backlog, now) }
      state.heard = state.heard.filter { now - $0.value.at < Self.forgetSilentWorkersAfter }
    }
  }
}
