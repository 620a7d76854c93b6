import SwitchyardMetrics
import SwitchyardWire

/// One pool's gauges, set from the main actor on every supervision tick: queued and running
/// effects, workers by state, health, the oldest heartbeat, and a remote pool's stream.
///
/// Queued and running count every effect admitted and not ended, an effect waiting out a retry's
/// backoff among the queued, so started minus ended minus both is 0 unless an effect was lost.
@MainActor
struct PoolGauges {
  private static let workerStates = ["starting", "ready", "draining", "stopped"]
  private static let healthStates = ["healthy", "degraded", "failed"]

  let queued: Gauge
  let running: Gauge
  let target: Gauge
  let workers: [String: Gauge]
  let health: [String: Gauge]
  let heartbeatAge: Gauge
  private let registry: MetricsRegistry
  private let labels: [MetricLabel]
  private var remote: RemoteGauges?

  /// A remote pool's stream, registered when the pool first reports one.
  struct RemoteGauges {
    let streamLength: Gauge
    let pending: Gauge
    let oldestPendingAge: Gauge
    let workers: Gauge
    let lostJobs: Counter
  }

  init(registry: MetricsRegistry, pool: JobKind) {
    let labels = [MetricLabel("pool", pool.rawValue)]
    self.registry = registry
    self.labels = labels
    queued = registry.gauge(
      "switchyard_pool_queued_effects", help: "Remote effects waiting for a worker, or for a retry's backoff to pass.", labels: labels
    )
    running = registry.gauge("switchyard_pool_running_effects", help: "Remote effects running on a worker.", labels: labels)
    target = registry.gauge("switchyard_pool_target_workers", help: "Workers the pool is scaled to.", labels: labels)
    workers = Dictionary(
      uniqueKeysWithValues: Self.workerStates.map { state in
        (state, registry.gauge("switchyard_workers", help: "Worker processes by state.", labels: labels + [MetricLabel("state", state)]))
      }
    )
    health = Dictionary(
      uniqueKeysWithValues: Self.healthStates.map { state in
        (
          state,
          registry.gauge(
            "switchyard_pool_health", help: "1 for the pool's health (healthy, degraded or failed), 0 for the others.",
            labels: labels + [MetricLabel("state", state)]
          )
        )
      }
    )
    heartbeatAge = registry.gauge(
      "switchyard_worker_heartbeat_age_seconds", help: "Time since the pool's least recently heard worker last sent a heartbeat.",
      labels: labels
    )
  }

  mutating func publish(_ pool: PoolSupervisor, remote status: RemotePoolStatus?, now: ContinuousClock.Instant) {
    queued.set(Double(pool.queuedCount) + Double(pool.metrics.awaitingRetry))
    running.set(Double(pool.inFlightCount))
    target.set(Double(pool.configuration.size))
    let (byState, oldestHeartbeat) = pool.workerGauges()
    for (state, gauge) in workers { gauge.set(Double(byState[state] ?? 0)) }
    let reported = pool.health.reported(with: status).description
    for (state, gauge) in health { gauge.set(reported == state ? 1 : 0) }
    heartbeatAge.set(oldestHeartbeat.map { now - $0 } ?? .zero)
    if let status { publish(status) }
  }

  private mutating func publish(_ status: RemotePoolStatus) {
    let gauges = remote ?? RemoteGauges(
      streamLength: registry.gauge("switchyard_remote_stream_length", help: "Entries in the remote pool's job stream.", labels: labels),
      pending: registry.gauge(
        "switchyard_remote_pending_entries", help: "Jobs claimed by a remote worker and not yet acknowledged.", labels: labels
      ),
      oldestPendingAge: registry.gauge(
        "switchyard_remote_oldest_pending_age_seconds", help: "Age of the oldest claimed, unacknowledged job; 0 when none.",
        labels: labels
      ),
      workers: registry.gauge("switchyard_remote_workers", help: "Remote workers the coordinator has heard from.", labels: labels),
      lostJobs: registry.counter(
        "switchyard_remote_jobs_lost_total",
        help: "Jobs Redis lost (restarted without its data, flushed, the stream trimmed or its group destroyed), dispatched again.",
        labels: labels
      )
    )
    remote = gauges
    gauges.streamLength.set(Double(status.streamLength))
    gauges.pending.set(Double(status.pending))
    gauges.oldestPendingAge.set(Double(status.oldestPendingMillis ?? 0) / 1_000)
    gauges.workers.set(Double(status.workers.count))
    gauges.lostJobs.setTotal(Double(status.lostJobs ?? 0))
  }
}
