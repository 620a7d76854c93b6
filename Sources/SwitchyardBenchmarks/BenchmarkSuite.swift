import SwitchyardRuntime

/// The cases `switchyard bench` runs, in report order: the registry every group of cases joins.
public struct BenchmarkSuite: Sendable {
  /// The registered cases, in the order they run and are reported.
  public private(set) var cases: [BenchmarkCase]

  /// Creates a suite of `cases`.
  public init(cases: [BenchmarkCase]) {
    self.cases = cases
  }

  /// Every case that needs nothing beyond this process: store, case paths, codec and journal.
  public static var inProcess: BenchmarkSuite {
    BenchmarkSuite(
      cases: StoreBenchmarks.cases + CasePathBenchmarks.cases + CodecBenchmarks.cases + JournalBenchmarks.cases + UpgradeBenchmarks.cases
    )
  }

  /// Every case: the coordinator's memory with the demo app — first, so the resident set is a
  /// coordinator's and not one the other cases have grown — then those in this process, then the
  /// process boundary, whose workers `launch` starts (`switchyard worker probe` and `raw-echo`),
  /// then the Redis transport's streams through a local `redis-server`, alone and as a remote
  /// pool beside a pipe pool.
  public static func all(workerLaunch launch: WorkerLaunch) -> BenchmarkSuite {
    BenchmarkSuite(cases: MemoryBenchmarks.cases)
      .adding(inProcess.cases + ProcessBenchmarks.cases(launch: launch) + JournalOverheadBenchmarks.cases(launch: launch)
        + MetricsOverheadBenchmarks.cases(launch: launch))
      .adding(RedisBenchmarks.cases + RedisReplyBenchmarks.cases + RemotePoolBenchmarks.cases(launch: launch))
      .adding(HighAvailabilityBenchmarks.cases(launch: launch))
  }

  /// This suite followed by `more` cases.
  public func adding(_ more: [BenchmarkCase]) -> BenchmarkSuite {
    BenchmarkSuite(cases: cases + more)
  }

  /// The cases whose name contains `text`, or every case when `text` is `nil`.
  public func filtered(by text: String?) -> BenchmarkSuite {
    guard let text else { return self }
    return BenchmarkSuite(cases: cases.filter { $0.name.contains(text) })
  }

  /// Runs every case in order, calling `progress` after each so a long run shows it is alive.
  ///
  /// A case that throws is reported as an error row rather than ending the run.
  @MainActor
  public func run(
    mode: BenchmarkMode,
    progress: (BenchmarkResult) -> Void = { _ in }
  ) async -> BenchmarkReport {
    let harness = BenchmarkHarness(mode: mode)
    var results: [BenchmarkResult] = []
    for benchmark in cases {
      let outcome: Result<BenchmarkMeasurement, any Error>
      do {
        outcome = .success(try await benchmark.run(harness))
      } catch {
        outcome = .failure(error)
      }
      let result = BenchmarkResult(benchmark: benchmark, outcome: outcome)
      progress(result)
      results.append(result)
    }
    return BenchmarkReport(mode: mode, results: results)
  }
}
