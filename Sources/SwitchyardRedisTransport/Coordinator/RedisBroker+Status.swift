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
    guard let (read, losses) = state.withLock({ state in state.backlogs[kind].map { ($0, state.losses[kind]) } }) else { return nil }
    var status = Self.status(of: read.backlog, readMillisAgo: (now - read.at).milliseconds, heartbeats: read.heartbeats)
    if let losses, let last = losses.last {
      status.lostJobs = losses.jobs
      status.lastLossMillisAgo = (now - last).milliseconds
    }
    return status
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

  /// `HOST/PID`, the consumer name of a worker (``StreamLayout/workerName(host:pid:)``).
  static func hostAndPID(_ name: String) -> (host: String, pid: Int32) {
    guard let slash = name.lastIndex(of: "/"), let pid = Int32(name[name.index(after: slash)...]) else { return (name, 0) }
    return (String(name[..<slash]), pid)
  }
}
