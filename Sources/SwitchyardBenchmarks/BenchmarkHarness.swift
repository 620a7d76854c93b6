/// Times an operation the way every case does: calibrate a batch size, warm up, then time
/// repeated batches and report the median and p99 of their nanoseconds per operation.
///
/// A batch is timed as a whole, so the clock's cost and resolution are spread over many
/// operations; the spread between batches is what the p99 reports.
@MainActor
public struct BenchmarkHarness {
  /// How long and how often to measure.
  public let mode: BenchmarkMode
  private let clock = ContinuousClock()

  /// Creates a harness for `mode`.
  public init(mode: BenchmarkMode) {
    self.mode = mode
  }

  /// Measures `batch`, which must perform the operation exactly as many times as it is asked.
  ///
  /// The operation count is passed in so the loop lives in the caller's code, where the optimiser
  /// sees the operation itself and not an opaque closure call per iteration.
  public func measure(_ batch: (_ operations: Int) async throws -> Void) async rethrows -> BenchmarkSample {
    var operations = 1
    // Doubling until a batch takes the mode's batch time also warms the code being measured.
    while operations < 1 << 30 {
      let elapsed = try await time(operations, batch)
      if elapsed >= mode.batchNanoseconds { break }
      let scale = elapsed > 0 ? mode.batchNanoseconds / elapsed : 2
      operations = max(operations * 2, Int(Double(operations) * min(scale, 16)))
    }
    for _ in 0..<mode.warmUpBatches {
      _ = try await time(operations, batch)
    }
    var perBatch: [Double] = []
    perBatch.reserveCapacity(mode.timedBatches)
    for _ in 0..<mode.timedBatches {
      perBatch.append(try await time(operations, batch) / Double(operations))
    }
    return BenchmarkSample(perBatch: perBatch, operationsPerBatch: operations)
  }

  private func time(_ operations: Int, _ batch: (Int) async throws -> Void) async rethrows -> Double {
    let start = clock.now
    try await batch(operations)
    let elapsed = start.duration(to: clock.now).components
    return Double(elapsed.seconds) * 1e9 + Double(elapsed.attoseconds) / 1e9
  }
}
