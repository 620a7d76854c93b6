import SwitchyardMetrics

/// What a pool's effects came to: each admitted effect ends as exactly one of completed, failed or
/// cancelled, and these counts and latencies are what `switchyard status` shows.
struct PoolMetrics {
  private(set) var started: Int64 = 0
  private(set) var completed: Int64 = 0
  private(set) var failed: Int64 = 0
  private(set) var cancelled: Int64 = 0
  private(set) var retried: Int64 = 0
  private(set) var restarts: Int64 = 0
  /// Effects waiting out a retry's backoff: admitted and not ended, yet neither queued nor running.
  private(set) var awaitingRetry: Int64 = 0
  private(set) var latency = LatencyHistogram()
  /// Completed effects' latencies in a metrics histogram's buckets, when the coordinator serves
  /// metrics: published, with the counts above, from the supervision tick.
  var latencyBuckets: HistogramCounts?

  /// How one effect ended.
  enum Outcome {
    case completed(latency: Duration)
    case failed
    case cancelled
  }

  mutating func recordStart() {
    started += 1
  }

  mutating func record(_ outcome: Outcome) {
    switch outcome {
    case let .completed(duration):
      completed += 1
      latency.record(duration)
      latencyBuckets?.observe(duration)
    case .failed:
      failed += 1
    case .cancelled:
      cancelled += 1
    }
  }

  /// Counts a retry, whose effect waits out its backoff until ``recordRetryDue()``.
  mutating func recordRetry() {
    retried += 1
    awaitingRetry += 1
  }

  /// A retry's backoff has passed: its effect is placed again, or ended if it can no longer run.
  mutating func recordRetryDue() {
    awaitingRetry -= 1
  }

  mutating func recordRestart() {
    restarts += 1
  }
}
