import SwitchyardMetrics

/// One pool's counters and latency histogram in a ``MetricsRegistry``, set from the pool's
/// ``PoolMetrics`` on each supervision tick in the same publication as its gauges: every scrape
/// reads started, ended and in-flight effects, and latencies as many as completed, from one moment.
@MainActor
final class PoolInstruments {
  private let started: Counter
  private let completed: Counter
  private let failed: Counter
  private let cancelled: Counter
  private let retried: Counter
  private let restarts: Counter
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

  /// Sets the counters to `metrics`' counts.
  func publish(_ metrics: PoolMetrics) {
    started.setTotal(Double(metrics.started))
    completed.setTotal(Double(metrics.completed))
    failed.setTotal(Double(metrics.failed))
    cancelled.setTotal(Double(metrics.cancelled))
    retried.setTotal(Double(metrics.retried))
    restarts.setTotal(Double(metrics.restarts))
    if let buckets = metrics.latencyBuckets { latency.publish(buckets) }
  }
}
