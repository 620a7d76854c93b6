/// Observations counted into a histogram's buckets, with their sum: a value one owner updates
/// without a lock (the main actor, on every effect that completes) and hands to
/// ``Histogram/publish(_:)`` now and then, so observing costs a few comparisons and an increment.
public struct HistogramCounts: Sendable {
  /// The buckets' upper bounds, ascending; `+Inf` is implied.
  public let upperBounds: [Double]
  /// Per-bucket (not cumulative) counts, `+Inf` last.
  private(set) var buckets: [UInt64]
  /// The sum of the observations.
  private(set) var sum: Double = 0

  /// No observations, in buckets with `upperBounds`.
  public init(upperBounds: [Double]) {
    self.upperBounds = upperBounds
    buckets = [UInt64](repeating: 0, count: upperBounds.count + 1)
  }

  /// Records one observation.
  public mutating func observe(_ value: Double) {
    var index = 0
    while index < upperBounds.count, value > upperBounds[index] { index += 1 }
    buckets[index] += 1
    sum += value
  }

  /// Records one duration, in seconds.
  public mutating func observe(_ duration: Duration) {
    observe(duration.seconds)
  }
}
