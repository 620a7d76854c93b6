import SwitchyardMetrics

/// One pool's counters and latency histogram in a ``MetricsRegistry``: what ``PoolMetrics`` also
/// records into, so a scrape reads the same numbers as `status` without reaching the main actor.
final class PoolInstruments: Sendable {
  let started: Counter
  let completed: Counter
  let failed: Counter
  let cancelled: Counter
  let retried: Counter
  let restarts: Counter
  let latency: Histogram

  init(registry: MetricsRegistry, pool: JobKind) {
    let labels = [MetricLabel("pool", pool.rawValue)]
    func counter(_ name: String, _ help: String) -> Counter {
      registry.counter(name, help: help, labels: labels)
    }
    started = counter("switchyard_effects_started_total", "Remote effects handed to the pool.")
    completed = counter("switchyard_effects_completed_total", "Remote effects that completed.")
    failed = counter("switchyard_effects_failed_total", "Remote effects that failed for good.")
    cancelled = counter("switchyard_effects_cancelled_total", "Remote effects cancelled before they ended.")
    retried = counter("switchyard_effects_retried_total", "Attempts run again after a retryable failure or a crash.")
    restarts = counter("switchyard_worker_restarts_total", "Worker processes restarted after exiting unexpectedly.")
    latency = registry.histogram(
      "switchyard_effect_duration_seconds", help: "Time from admission to completion of completed remote effects.",
      labels: labels
    )
  }
}
