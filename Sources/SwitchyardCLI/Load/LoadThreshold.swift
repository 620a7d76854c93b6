/// A pass/fail criterion of a load run, as k6's thresholds: `p95<50ms`, `search.p99<400ms`,
/// `errors<1`, `rate>=100`. `load` exits 99 when one is breached.
///
/// A latency (`p50`, `p90`, `p95`, `p99`, `max`; units `us`, `ms` (the default) or `s`) is a
/// worker kind's round trip when prefixed by the kind, otherwise every kind's must pass. `errors`
/// counts every error of the run; `rate` is round trips per second.
package struct LoadThreshold: Equatable, Sendable, CustomStringConvertible {
  /// What is measured.
  package enum Metric: String, Sendable, CaseIterable {
    case p50, p90, p95, p99, max, errors, rate

    var isLatency: Bool { ![.errors, .rate].contains(self) }
  }

  /// How the measure compares with the limit.
  package enum Comparison: String, Sendable, CaseIterable {
    // Two-character operators first, so `<=` is not read as `<`.
    case atMost = "<=", atLeast = ">=", below = "<", above = ">"

    func holds(_ value: Double, _ limit: Double) -> Bool {
      switch self {
      case .atMost: value <= limit
      case .atLeast: value >= limit
      case .below: value < limit
      case .above: value > limit
      }
    }
  }

  /// The worker kind a latency is of, or `nil` for every kind.
  package var kind: String?
  package var metric: Metric
  package var comparison: Comparison
  /// The limit: microseconds for a latency, a count for `errors`, per second for `rate`.
  package var limit: Double
  /// The threshold as it was written.
  package var description: String

  /// Reads `text`, such as `search.p99<400ms`; `nil` when it is not a threshold.
  package init?(_ text: String) {
    let trimmed = text.filter { !$0.isWhitespace }
    guard let comparison = Comparison.allCases.first(where: { trimmed.contains($0.rawValue) }),
      let range = trimmed.range(of: comparison.rawValue)
    else { return nil }
    let name = trimmed[..<range.lowerBound]
    let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let metric = Metric(rawValue: String(parts.last ?? "")), parts.count == 1 || (metric.isLatency && !parts[0].isEmpty)
    else { return nil }
    var value = trimmed[range.upperBound...]
    var scale = 1.0
    if metric.isLatency {
      scale = 1_000
      for (unit, micros) in [("us", 1.0), ("µs", 1.0), ("ms", 1_000.0), ("s", 1_000_000.0)] where value.hasSuffix(unit) {
        value = value.dropLast(unit.count)
        scale = micros
        break
      }
    }
    guard let number = Double(value), number >= 0 else { return nil }
    self.kind = parts.count == 2 ? String(parts[0]) : nil
    self.metric = metric
    self.comparison = comparison
    self.limit = number * scale
    self.description = trimmed
  }

  /// What `result` measured for this threshold, each kind's for a latency of every kind.
  package func observed(in result: LoadResult) -> [(subject: String, value: Double)] {
    switch metric {
    case .errors: return [("errors", Double(result.errors.values.reduce(0, +)))]
    case .rate: return [("round trips/s", result.roundTripsPerSecond)]
    default:
      let kinds = kind.map { [$0] } ?? result.roundTrips.keys.sorted()
      return kinds.map { kind in
        guard let summary = result.roundTrips[kind] else { return (kind, .infinity) }
        let micros: Int64 =
          switch metric {
          case .p50: summary.p50
          case .p90: summary.p90
          case .p95: summary.p95
          case .p99: summary.p99
          default: summary.max
          }
        return (kind, Double(micros))
      }
    }
  }

  /// Whether `result` passes: every value observed holds, and there is one to judge.
  package func passes(_ result: LoadResult) -> Bool {
    let values = observed(in: result)
    return !values.isEmpty && values.allSatisfy { comparison.holds($0.value, limit) }
  }

  /// A value as the threshold's metric reads: a latency, a count or a rate.
  package func format(_ value: Double) -> String {
    guard value.isFinite else { return "no round trips" }
    switch metric {
    case .errors: return HumanReadable.count(Int(value))
    case .rate: return HumanReadable.fixed(value, digits: 1) + "/s"
    default: return HumanReadable.latency(micros: Int64(value))
    }
  }
}
