import Synchronization

/// Observations counted into fixed buckets, with their sum, such as effect latencies in seconds:
/// one observation holds a lock for a few nanoseconds, or counts kept elsewhere are published.
public final class Histogram: Sendable {
  /// The buckets' upper bounds, ascending; `+Inf` is implied.
  public let upperBounds: [Double]
  private let state: Mutex<HistogramCounts>

  /// Latency buckets from 100 µs to a minute: remote effects take from a pipe round trip to a
  /// slow upstream's answer.
  public static let latencyBuckets: [Double] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
  ]

  init(upperBounds: [Double]) {
    self.upperBounds = upperBounds
    state = Mutex(HistogramCounts(upperBounds: upperBounds))
  }

  /// Records one observation.
  public func observe(_ value: Double) {
    state.withLock { $0.observe(value) }
  }

  /// Records one duration, in seconds.
  public func observe(_ duration: Duration) {
    observe(duration.seconds)
  }

  /// Sets the histogram to `counts`, which another owner keeps; their bounds must be this histogram's.
  public func publish(_ counts: HistogramCounts) {
    precondition(counts.upperBounds == upperBounds, "a histogram published with other buckets")
    state.withLock { $0 = counts }
  }

  var counts: HistogramCounts {
    state.withLock { $0 }
  }
}
