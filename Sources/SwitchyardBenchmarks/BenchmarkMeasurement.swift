/// What one case produced: the headline value compared with its target, and how it was reached.
public struct BenchmarkMeasurement: Sendable {
  /// The headline value: a median for timings, the ratio of medians for comparisons.
  public var value: Double
  /// The unit of ``value``.
  public var unit: BenchmarkUnit
  /// The 99th percentile of per-batch timings, when the value is a timing.
  public var p99: Double?
  /// Context for the reader, such as both sides of a ratio.
  public var note: String

  /// Creates a measurement from explicit parts.
  public init(value: Double, unit: BenchmarkUnit, p99: Double? = nil, note: String = "") {
    self.value = value
    self.unit = unit
    self.p99 = p99
    self.note = note
  }

  /// A per-operation timing taken by ``BenchmarkHarness``.
  public init(_ sample: BenchmarkSample, note: String = "") {
    self.init(value: sample.medianNanoseconds, unit: .nanoseconds, p99: sample.p99Nanoseconds, note: note)
  }

  /// How many times faster `ours` is than `theirs`, the two measured in alternating batches by
  /// ``BenchmarkHarness/compare(_:with:)``.
  ///
  /// The value is the median of the ratios of neighbouring batches rather than the ratio of the
  /// medians: on a shared machine, load drifts, and neighbours see the same load.
  public init(speedupOf ours: BenchmarkSample, over theirs: BenchmarkSample, theirName: String) {
    let ratios = zip(theirs.perBatch, ours.perBatch).map { $0 / $1 }.sorted()
    self.init(
      value: ratios.isEmpty ? .nan : ratios[ratios.count / 2],
      unit: .ratio,
      note: "\(BenchmarkUnit.nanoseconds.format(ours.medianNanoseconds)) vs \(theirName) "
        + BenchmarkUnit.nanoseconds.format(theirs.medianNanoseconds)
    )
  }

  /// Whether the value is a usable measurement: finite and above zero.
  public var isValid: Bool {
    value.isFinite && value > 0
  }
}
