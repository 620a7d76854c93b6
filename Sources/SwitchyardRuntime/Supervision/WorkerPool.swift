import SwitchyardWire

/// The workers of one kind, their scheduler, their supervision state and their metrics: its
/// ``PoolSupervisor``'s own, changed by nothing else.
@MainActor
final class WorkerPool {
  var configuration: PoolConfiguration
  // `@exclusivity(unchecked)`: main-actor state read and written on every remote effect, never
  // across a call that could reach it again, so the dynamic exclusivity check each access would
  // otherwise make (a thread-local lookup and a table insert) buys nothing.
  @exclusivity(unchecked) var workers: [Int: WorkerProcess] = [:]
  @exclusivity(unchecked) var scheduler: PoolScheduler<Int, UInt64>
  var health = PoolHealth.degraded
  var restartHistory = RestartHistory()
  /// Restarts scheduled after a backoff and not yet spawned.
  var pendingSpawns = 0
  /// What its effects came to, for status.
  @exclusivity(unchecked) var metrics = PoolMetrics()
  /// Counters of workers that have exited, so totals survive restarts.
  var retiredCounters: [String: Int64] = [:]

  init(configuration: PoolConfiguration) {
    self.configuration = configuration
    self.scheduler = PoolScheduler(
      perWorkerLimit: configuration.maxInFlightPerWorker,
      queueLimit: configuration.maxQueued
    )
  }

  var kind: JobKind { configuration.kind }

  /// Workers that are or will be serving: not leaving.
  var activeCount: Int {
    workers.values.count { $0.state.isActive } + pendingSpawns
  }

  /// Ready workers.
  var readyCount: Int {
    workers.values.count { $0.state.isReady }
  }

  var isFailed: Bool {
    if case .failed = health { return true }
    return false
  }

  /// The health status, metrics and the inspector show: a pool scaled to 0 with jobs queued is
  /// degraded, not healthy, as no worker will ever run them.
  var reportedHealth: PoolHealth {
    guard health == .healthy, configuration.size == 0, scheduler.queuedCount > 0 else { return health }
    return .degraded
  }

  /// Healthy when every wanted worker is ready; failed stays failed until the pool is scaled.
  func refreshHealth() {
    guard !isFailed else { return }
    health = readyCount >= configuration.size ? .healthy : .degraded
  }

  /// The counters of live workers' latest heartbeats plus those of retired workers.
  var counters: [String: Int64] {
    var totals = retiredCounters
    for worker in workers.values {
      totals.merge(worker.counters, uniquingKeysWith: Heartbeat.sum)
    }
    return totals
  }
}
