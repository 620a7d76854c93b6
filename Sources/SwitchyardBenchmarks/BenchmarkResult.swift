/// One case's outcome in a report: its measurement judged against its target, or its error.
public struct BenchmarkResult: Sendable {
  /// Whether a case met its target.
  public enum Verdict: String, Sendable, Codable {
    /// The target was met.
    case pass = "PASS"
    /// The target was missed.
    case miss = "MISS"
    /// The case has no target; its number is for information.
    case info = "-"
    /// The case threw or produced no finite positive value.
    case error = "ERROR"
  }

  /// The case's name.
  public let name: String
  /// The case's summary.
  public let summary: String
  /// The case's target, if it has one.
  public let target: BenchmarkTarget?
  /// The measurement, absent when the case failed.
  public let measurement: BenchmarkMeasurement?
  /// Why the case failed, when it did.
  public let failure: String?

  init(benchmark: BenchmarkCase, outcome: Result<BenchmarkMeasurement, any Error>) {
    self.name = benchmark.name
    self.summary = benchmark.summary
    self.target = benchmark.target
    switch outcome {
    case let .success(measurement) where measurement.isValid:
      self.measurement = measurement
      self.failure = nil
    case let .success(measurement):
      self.measurement = measurement
      self.failure = "measured \(measurement.value), not a finite positive number"
    case let .failure(error):
      self.measurement = nil
      self.failure = String(describing: error)
    }
  }

  /// How many times better than its target the case did; `nil` without a target or value.
  public var margin: Double? {
    guard failure == nil, let target, let measurement else { return nil }
    return target.margin(of: measurement.value)
  }

  /// The case's verdict.
  public var verdict: Verdict {
    if failure != nil { return .error }
    guard let margin else { return .info }
    return margin >= 1 ? .pass : .miss
  }
}
