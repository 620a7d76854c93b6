/// What a pool's effects came to: each admitted effect ends as exactly one of completed, failed or
/// cancelled, and these counts and latencies are what `switchyard status` shows.
struct PoolMetrics {
  private(set) var started: Int64 = 0
  private(set) var completed: Int64 = 0
  private(set) var failed: Int64 = 0
  private(set) var cancelled: Int64 = 0
  private(set) var retried: Int64 = 0
  private(set) var restarts: Int64 = 0
  private(set) var latency = LatencyHistogram()
  /// The pool's counters in a metrics registry, when the coordinator serves metrics.
  var instruments: PoolInstruments?

  /// How one effect ended.
  enum Outcome {
    case completed(latency: Duration)
    case failed
    case cancelled
  }

  mutating func recordStart() {
    started += 1
    instruments?.started.increment()
  }

  mutating func record(_ outcome: Outcome) {
    switch outcome {
    case let .completed(duration):
      completed += 1
      latency.record(duration)
      instruments?.completed.increment()
      instruments?.latency.observe(duration)
    case .failed:
      failed += 1
      instruments?.failed.increment()
    case .cancelled:
      cancelled += 1
      instruments?.cancelled.increment()
    }
  }

  mutating func recordRetry() {
    retried += 1
    instruments?.retried.increment()
  }

  mutating func recordRestart() {
    restarts += 1
    instruments?.restarts.increment()
  }
}
