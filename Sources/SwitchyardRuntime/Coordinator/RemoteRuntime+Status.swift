import SwitchyardWire

extension RemoteRuntime {
  /// Each pool's size, load, outcomes, restarts, latency and worker counters, sorted by kind.
  func poolStatuses() -> [PoolStatus] {
    pools.values.sorted { $0.kind.rawValue < $1.kind.rawValue }.map { pool in
      PoolStatus(
        kind: pool.kind.rawValue,
        size: pool.readyCount,
        target: pool.configuration.size,
        busy: pool.scheduler.inFlight.values.reduce(0) { $0 + $1.count },
        queued: pool.scheduler.queuedCount,
        started: UInt64(pool.metrics.started),
        completed: UInt64(pool.metrics.completed),
        failed: UInt64(pool.metrics.failed),
        cancelled: UInt64(pool.metrics.cancelled),
        retried: UInt64(pool.metrics.retried),
        restarts: UInt64(pool.metrics.restarts),
        latencyP50Micros: Int64(pool.metrics.latency.percentile(0.5)),
        latencyP90Micros: Int64(pool.metrics.latency.percentile(0.9)),
        latencyP99Micros: Int64(pool.metrics.latency.percentile(0.99)),
        latencyMaxMicros: Int64(pool.metrics.latency.maxMicroseconds),
        health: pool.reportedHealth.description,
        counters: pool.counters,
        remote: transport(for: pool.kind).remoteStatus(of: pool.kind)
      )
    }
  }

  /// Every worker process: its pid, state, load, outcomes, counters and when it was last heard from.
  func workerStatuses() -> [WorkerStatus] {
    let now = ContinuousClock.now
    return pools.values
      .flatMap { pool in pool.workers.values.map { (pool, $0) } }
      .sorted { ($0.1.kind.rawValue, $0.1.id) < ($1.1.kind.rawValue, $1.1.id) }
      .map { pool, process in
        WorkerStatus(
          pid: process.pid,
          kind: process.kind.rawValue,
          state: process.state.name,
          inFlight: pool.scheduler.load(of: process.id),
          completed: UInt64(process.completed),
          failed: UInt64(process.failed),
          lastHeartbeatMillisAgo: process.lastHeartbeat.map { (now - $0).milliseconds },
          counters: process.counters
        )
      }
  }
}
