/// How hard a run measures: ``full`` for numbers worth comparing with targets, ``quick`` to check
/// in CI that every case still runs.
public enum BenchmarkMode: String, Sendable {
  /// Long enough batches and enough of them for a stable median and p99.
  case full
  /// A few short batches per case: the whole suite in seconds, numbers only indicative.
  case quick

  /// The wall time a timed batch aims for; batches far above the clock's resolution keep the
  /// per-batch cost of reading it negligible.
  var batchNanoseconds: Double {
    switch self {
    case .full: 2_000_000
    case .quick: 100_000
    }
  }

  /// Untimed batches after calibration, so caches, allocator pools and lazily resolved metadata
  /// are warm when timing starts.
  var warmUpBatches: Int {
    switch self {
    case .full: 5
    case .quick: 1
    }
  }

  /// Timed batches: 100 makes the p99 one real batch rather than the maximum of a handful.
  var timedBatches: Int {
    switch self {
    case .full: 100
    case .quick: 5
    }
  }

  /// Rows in a scaled case's largest collection: quick mode keeps set-up cheap too.
  func rows(_ full: Int) -> Int {
    switch self {
    case .full: full
    case .quick: min(full, 10_000)
    }
  }
}
