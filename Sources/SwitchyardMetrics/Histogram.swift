import Synchronization

/// Observations counted into fixed buckets, with their sum, such as effect latencies in seconds:
/// one observation holds a lock for a few nanoseconds.
public final class Histogram: Sendable {
  /// The buckets' upper bounds, ascending; `+Inf` is implied.
  public let upperBounds: [Double]
  private let state: Mutex<Counts>

  /// What a scrape reads: per-bucket (not cumulative) counts, `+Inf` last, and the sum.
  struct Counts: Sendable {
    var buckets: [UInt64]
    var sum: Double = 0
  }

  /// Latency buckets from 100 µs to a minute: remote effects take from a pipe round trip to a
  /// slow upstream's answer.
  public static let latencyBuckets: [Double] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
  ]

  init(upperBounds: [Double]) {
    self.upperBounds = upperBounds
    state = Mutex(Counts(buckets: [UInt64](repeating: 0, count: upperBounds.count + 1)))
  }

  /// Records one observation.
  public func observe(_ value: Double) {
    var index = 0
    while index < upperBounds.count, value > upperBounds[index] { index += 1 }
    state.withLock { counts in
      counts.buckets[index] += 1
      counts.sum += value
    }
  }

  /// Records one duration, in seconds.
  public func observe(_ duration: Duration) {
    observe(duration.seconds)
  }

  var counts: Counts {
    state.withLock { $0 }
  }
}
