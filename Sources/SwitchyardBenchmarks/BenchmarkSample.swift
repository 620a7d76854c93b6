/// The timing of one measured operation: per-batch nanoseconds per operation, summarised.
public struct BenchmarkSample: Sendable {
  /// The median over timed batches of nanoseconds per operation.
  public var medianNanoseconds: Double
  /// The 99th percentile over timed batches of nanoseconds per operation.
  public var p99Nanoseconds: Double
  /// Operations in each timed batch, chosen by calibration.
  public var operationsPerBatch: Int
  /// Nanoseconds per operation of each timed batch, in the order they ran.
  let perBatch: [Double]

  /// Summarises per-batch nanoseconds-per-operation figures.
  init(perBatch: [Double], operationsPerBatch: Int) {
    let sorted = perBatch.sorted()
    self.medianNanoseconds = sorted[sorted.count / 2]
    // The smallest value at or above 99% of batches: with 100 batches, the second slowest.
    let p99Index = Int((Double(sorted.count) * 0.99).rounded(.up)) - 1
    self.p99Nanoseconds = sorted[max(0, min(sorted.count - 1, p99Index))]
    self.operationsPerBatch = operationsPerBatch
    self.perBatch = perBatch
  }
}
