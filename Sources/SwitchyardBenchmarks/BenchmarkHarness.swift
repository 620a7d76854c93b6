/// Times an operation the way every case does: calibrate a batch size, warm up, then time
/// repeated batches and report the median and p99 of their nanoseconds per operation.
///
/// A batch is timed as a whole, so the clock's cost and resolution are spread over many
/// operations; the spread between batches is what the p99 reports.
@MainActor
public struct BenchmarkHarness {
  /// A batch: performs the measured operation exactly as many times as it is asked.
  ///
  /// The count is passed in so the loop lives in the case's code, where the optimiser sees the
  /// operation itself and not an opaque closure call per iteration.
  public typealias Batch = (_ operations: Int) async throws -> Void

  /// How long and how often to measure.
  public let mode: BenchmarkMode
  private let clock = ContinuousClock()

  /// Creates a harness for `mode`.
  public init(mode: BenchmarkMode) {
    self.mode = mode
  }

  /// Measures one operation.
  public func measure(_ batch: Batch) async throws -> BenchmarkSample {
    try await run(batch, alternatingWith: nil).0
  }

  /// Measures two implementations of the same operation, alternating their batches so that a
  /// change in machine load during the run weighs on both alike.
  public func compare(
    _ ours: Batch,
    with theirs: Batch
  ) async throws -> (ours: BenchmarkSample, theirs: BenchmarkSample) {
    let (oursSample, theirsSample) = try await withoutActuallyEscaping(theirs) { theirs in
      try await run(ours, alternatingWith: theirs)
    }
    // `run` returns a second sample whenever it is given a second batch.
    return (oursSample, theirsSample!)
  }

  private func run(_ first: Batch, alternatingWith second: Batch?) async throws -> (BenchmarkSample, BenchmarkSample?) {
    let firstSize = try await calibrate(first)
    let secondSize = second == nil ? 0 : try await calibrate(second!)
    for _ in 0..<mode.warmUpBatches {
      _ = try await time(firstSize, first)
      if let second { _ = try await time(secondSize, second) }
    }
    var firstTimes: [Double] = []
    var secondTimes: [Double] = []
    for _ in 0..<mode.timedBatches {
      firstTimes.append(try await time(firstSize, first) / Double(firstSize))
      if let second { secondTimes.append(try await time(secondSize, second) / Double(secondSize)) }
    }
    return (
      BenchmarkSample(perBatch: firstTimes, operationsPerBatch: firstSize),
      second == nil ? nil : BenchmarkSample(perBatch: secondTimes, operationsPerBatch: secondSize)
    )
  }

  /// The number of operations that makes a batch last the mode's batch time.
  ///
  /// Growing the batch until it does also warms the code being measured.
  private func calibrate(_ batch: Batch) async throws -> Int {
    var operations = 1
    while operations < 1 << 30 {
      let elapsed = try await time(operations, batch)
      if elapsed >= mode.batchNanoseconds { break }
      let scale = elapsed > 0 ? mode.batchNanoseconds / elapsed : 2
      operations = max(operations * 2, Int(Double(operations) * min(scale, 16)))
    }
    return operations
  }

  private func time(_ operations: Int, _ batch: Batch) async throws -> Double {
    let start = clock.now
    try await batch(operations)
    return start.duration(to: clock.now).nanoseconds
  }
}
