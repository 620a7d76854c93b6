#if canImport(Glibc)
import Glibc
#endif

/// Percentiles of a set of latencies, and their histogram, for one worker kind's round trips.
package struct LatencySummary: Equatable, Sendable {
  /// How many round trips.
  package var count: Int
  /// Median, in microseconds.
  package var p50: Int64
  /// 90th percentile, in microseconds.
  package var p90: Int64
  /// 95th percentile, in microseconds.
  package var p95: Int64
  /// 99th percentile, in microseconds.
  package var p99: Int64
  /// Longest, in microseconds.
  package var max: Int64
  /// Round trips per bucket of ``LatencySummary/bucketBounds``.
  package var histogram: [Int]

  /// Upper bounds of the histogram's buckets in microseconds: four per decade from 100 µs to
  /// 10 s; the last bucket also holds anything slower.
  package static let bucketBounds: [Int64] = (0...20).map { step in
    Int64((100 * pow(10, Double(step) / 4)).rounded())
  }

  /// Summarises `samples` (microseconds; any order) by nearest rank.
  package init(samples: [Int64]) {
    let sorted = samples.sorted()
    func percentile(_ fraction: Double) -> Int64 {
      guard !sorted.isEmpty else { return 0 }
      let rank = Int((fraction * Double(sorted.count)).rounded(.up))
      return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
    count = sorted.count
    p50 = percentile(0.5)
    p90 = percentile(0.9)
    p95 = percentile(0.95)
    p99 = percentile(0.99)
    max = sorted.last ?? 0
    var histogram = [Int](repeating: 0, count: Self.bucketBounds.count)
    var bucket = 0
    for sample in sorted {
      while bucket < Self.bucketBounds.count - 1, sample > Self.bucketBounds[bucket] { bucket += 1 }
      histogram[bucket] += 1
    }
    self.histogram = histogram
  }
}
