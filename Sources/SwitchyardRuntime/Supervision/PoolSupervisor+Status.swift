import SwitchyardWire

extension PoolSupervisor {
  /// The pool as status shows it: size, load, outcomes, restarts, latency and counters, with what
  /// its transport says of the workers behind a broker (`remote`, and their `counters`).
  func status(remote: RemotePoolStatus?, remoteCounters: [String: Int64]) -> PoolStatus {
    let metrics = pool.metrics
    return PoolStatus(
      kind: pool.kind.rawValue,
      size: pool.readyCount,
      target: pool.configuration.size,
      busy: inFlightCount,
      queued: pool.scheduler.queuedCount,
      started: UInt64(metrics.started),
      completed: UInt64(metrics.completed),
      failed: UInt64(metrics.failed),
      cancelled: UInt64(metrics.cancelled),
      retried: UInt64(metrics.retried),
      restarts: UInt64(metrics.restarts),
      latencyP50Micros: Int64(metrics.latency.percentile(0.5)),
      latencyP90Micros: Int64(metrics.latency.percentile(0.9)),
      latencyP99Micros: Int64(metrics.latency.percentile(0.99)),
      latencyMaxMicros: Int64(metrics.latency.maxMicroseconds),
      health: pool.reportedHealth.reported(with: remote).description,
      counters: pool.counters.merging(remoteCounters, uniquingKeysWith: Heartbeat.sum),
      remote: remote
    )
  }

  /// Each worker as status shows it, by id: a process by its pid, a broker by what it is.
  func workerStatuses(now: ContinuousClock.Instant) -> [WorkerStatus] {
    pool.workers.values.sorted { $0.id < $1.id }.map { process in
      var status = WorkerStatus(
        pid: process.peer.pid ?? 0,
        kind: process.kind.rawValue,
        state: process.state.name,
        inFlight: pool.scheduler.load(of: process.id),
        completed: UInt64(process.completed),
        failed: UInt64(process.failed),
        lastHeartbeatMillisAgo: process.state.liveness?.lastHeartbeat.map { (now - $0).milliseconds },
        counters: process.counters
      )
      if case let .broker(broker) = process.peer { status.broker = broker }
      return status
    }
  }

  /// How many workers are in each state, counting processes only (a broker is no process), and
  /// when the least recently heard worker was last heard: for the metrics' gauges.
  func workerGauges() -> (byState: [String: Int], oldestHeartbeat: ContinuousClock.Instant?) {
    var byState: [String: Int] = [:]
    var oldest: ContinuousClock.Instant?
    for worker in pool.workers.values {
      if case .process = worker.peer { byState[worker.state.name, default: 0] += 1 }
      if let heard = worker.state.liveness?.lastHeartbeat, oldest.map({ heard < $0 }) ?? true { oldest = heard }
    }
    return (byState, oldest)
  }
}
