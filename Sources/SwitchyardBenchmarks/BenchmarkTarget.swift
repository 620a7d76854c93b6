/// What a case must achieve to PASS, in the unit it is measured in.
public enum BenchmarkTarget: Sendable, Equatable {
  /// At most this many nanoseconds per operation (median).
  case atMostNanoseconds(Double)
  /// At least this ratio, such as 3 for "3× faster than Foundation".
  case atLeastRatio(Double)
  /// At most this ratio, such as 2 for "within 2× of a raw pipe".
  case atMostRatio(Double)
  /// At least this many operations per second.
  case atLeastPerSecond(Double)
  /// At most this many bytes, such as a resident set size.
  case atMostBytes(Double)

  /// How many times better than this target `value` is: 1 or more passes.
  ///
  /// One direction for every kind of target keeps the report's ratio column readable at a glance.
  func margin(of value: Double) -> Double {
    switch self {
    case let .atMostNanoseconds(limit), let .atMostBytes(limit), let .atMostRatio(limit): limit / value
    case let .atLeastRatio(minimum), let .atLeastPerSecond(minimum): value / minimum
    }
  }

  /// The target as the report prints it, such as `≤ 500 ns` or `≥ 3.0×`.
  var description: String {
    switch self {
    case let .atMostNanoseconds(limit): "≤ " + BenchmarkUnit.nanoseconds.format(limit)
    case let .atLeastRatio(minimum): "≥ " + BenchmarkUnit.ratio.format(minimum)
    case let .atMostRatio(limit): "≤ " + BenchmarkUnit.ratio.format(limit)
    case let .atLeastPerSecond(minimum): "≥ " + BenchmarkUnit.perSecond.format(minimum)
    case let .atMostBytes(limit): "≤ " + BenchmarkUnit.bytes.format(limit)
    }
  }
}
