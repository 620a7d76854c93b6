import SwitchyardMetrics

/// One pool's counters and latency histogram in a ``MetricsRegistry``: what ``PoolMetrics`` also
/// records into, so a scrape reads the same numbers as `status` without reaching the main actor.
struct PoolInstruments: Sendable {
  let started: Counter
  let completed: Counter
  let failed: Counter
  let cancelled: Counter
  let retried: Counter
  let restarts: Counter
  let latency: Histogram

  init(registry: MetricsRegistry, pool: JobKind) {
    let labels = [MetricLabel("pool", pool.rawValue)]
    started = registry.counter(
      "switchyard_effects_started_total", help: "Remote effects handed to the pool.", labels: labels
    )
    completed = registry.counter(
      "switchyard_effects_completed_total", help: "Remote effects that completed.", labels: labels
    )
    failed = registry.counter(
      "switchyard_effects_failed_total", help: "Remote effects that failed for good.", labels: labels
    )
    cancelled = registry.counter(
      "switchyard_effects_cancelled_total", help: "Remote effects cancelled before they ended.", labels: labels
    )
    retried = registry.counter(
      "switchyard_effects_retried_total", help: "Attempts run again after a retryable failure or a crash.", labels: labels
    )
    restarts = registry.counter(
      "switchyard_worker_restarts_total", help: "Worker processes restarted after exiting unexpectedly.", labels: labels
    )
    latency = registry.histogram(
      "switchyard_effect_duration_seconds", help: "Time from admission to completion of completed remote effects.",
      labels: labels
    )
  }
}
