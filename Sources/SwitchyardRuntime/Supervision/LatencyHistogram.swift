import Foundation

/// Effect latencies in logarithmic buckets: constant memory, percentiles within ~4.4 %.
struct LatencyHistogram: Sendable, Equatable {
  // 16 buckets per power of two above 1 µs: each bucket is 2^(1/16) ≈ 4.4 % wide.
  private static let bucketsPerOctave = 16.0
  private var counts = [UInt64](repeating: 0, count: 40 * 16)

  /// How many latencies were recorded.
  private(set) var count: UInt64 = 0
  /// The largest latency recorded, in microseconds.
  private(set) var maxMicroseconds: Double = 0

  /// Creates an empty histogram.
  init() {}

  /// Records one latency.
  mutating func record(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let micros = max(1, Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
    let index = min(counts.count - 1, Int(log2(micros) * Self.bucketsPerOctave))
    counts[index] += 1
    count += 1
    maxMicroseconds = max(maxMicroseconds, micros)
  }

  /// The latency below which `fraction` of recordings fall, in microseconds; 0 when empty.
  func percentile(_ fraction: Double) -> Double {
    guard count > 0 else { return 0 }
    let target = max(1, UInt64((Double(count) * fraction).rounded(.up)))
    var seen: UInt64 = 0
    for (index, bucketCount) in counts.enumerated() {
      seen += bucketCount
      if seen >= target {
        return min(maxMicroseconds, exp2(Double(index + 1) / Self.bucketsPerOctave))
      }
    }
    return maxMicroseconds
  }
}
