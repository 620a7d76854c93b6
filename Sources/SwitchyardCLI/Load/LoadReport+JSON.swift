/// `load --json`: the whole report as one JSON object with sorted keys, for CI pipelines.
///
/// Its fields are stable; new ones may be added. `load --help` and the Operations guide list them.
extension LoadReport {
  /// The report as pretty-printed JSON, ending in a newline.
  package func json() throws -> String {
    try JSONText.pretty(Document(self))
  }

  /// The top level: the machine, the verdict, one run per pool size, and a sweep's rows.
  struct Document: Encodable {
    var format = 1
    var cores: Int
    var lostEffects: Int64
    var sweptKind: String?
    var metadata: LoadMetadata?
    var thresholds: [ThresholdResult]
    var runs: [Run]
    var sweep: [SweepRow]

    init(_ report: LoadReport) {
      cores = report.cores
      lostEffects = report.lostEffects
      sweptKind = report.sweptKind
      metadata = report.metadata
      thresholds = report.thresholds.flatMap { threshold in
        report.results.map { ThresholdResult(threshold, result: $0, run: report.label(of: $0)) }
      }
      runs = report.results.map(Run.init)
      sweep = report.sweptKind.map { kind in report.results.map { SweepRow($0, kind: kind) } } ?? []
    }
  }

  /// One threshold judged on one run: what was measured (microseconds for latencies), and whether it passed.
  struct ThresholdResult: Encodable {
    var threshold: String
    var run: String
    var passed: Bool
    var observed: [String: Double]

    init(_ threshold: LoadThreshold, result: LoadResult, run: String) {
      self.threshold = threshold.description
      self.run = run
      passed = threshold.passes(result)
      observed = Dictionary(threshold.observed(in: result).map { ($0.subject, $0.value.isFinite ? $0.value : -1) }) { first, _ in first }
    }
  }

  /// One second of a run; latencies in microseconds.
  struct Second: Encodable {
    var second: Int
    var sent: Int
    var acked: Int
    var errors: Int
    var p50Micros: Int64
    var p95Micros: Int64
    var p99Micros: Int64

    init(_ second: LoadSecond) {
      self.second = second.second
      sent = second.sent
      acked = second.acked
      errors = second.errors
      p50Micros = second.p50
      p95Micros = second.p95
      p99Micros = second.p99
    }
  }

  /// One load run.
  struct Run: Encodable {
    var scenario: String
    var users: Int
    var pools: [String: Int]
    var seconds: Double
    var loadAverage: Double
    var actionsSent: Int
    var storeActions: Int64
    var storeActionsPerSecond: Double
    var roundTripsPerSecond: Double
    var roundTrips: [String: RoundTrips]
    var effects: [String: Effects]
    var errors: [String: Int]
    var lostEffects: Int64
    var build: String
    var series: [Second]
    var failovers: [LoadFailover]
    var interruptedSteps: InterruptedSteps
    var stoppedEarly: Bool

    init(_ result: LoadResult) {
      scenario = result.scenario
      users = result.users
      pools = result.poolSizes
      seconds = result.seconds
      loadAverage = result.loadAverage
      actionsSent = result.actionsSent
      storeActions = result.storeActions
      storeActionsPerSecond = result.storeActionsPerSecond
      roundTripsPerSecond = result.roundTripsPerSecond
      roundTrips = result.roundTrips.mapValues(RoundTrips.init)
      effects = result.effects.mapValues(Effects.init)
      errors = result.errors
      lostEffects = result.lostEffects
      build = result.build
      series = result.series.map(Second.init)
      failovers = result.failovers
      interruptedSteps = result.interrupted
      stoppedEarly = result.stoppedEarly
    }
  }

  /// One worker kind's round trips, in microseconds.
  struct RoundTrips: Encodable {
    var count: Int
    var p50Micros: Int64
    var p90Micros: Int64
    var p95Micros: Int64
    var p99Micros: Int64
    var maxMicros: Int64

    init(_ summary: LatencySummary) {
      count = summary.count
      p50Micros = summary.p50
      p90Micros = summary.p90
      p95Micros = summary.p95
      p99Micros = summary.p99
      maxMicros = summary.max
    }
  }

  /// How one pool's effects ended.
  struct Effects: Encodable {
    var started: Int64
    var completed: Int64
    var failed: Int64
    var cancelled: Int64
    var inFlightAtStart: Int64
    var inFlightAtEnd: Int64
    var lost: Int64

    init(_ account: EffectAccount) {
      started = account.started
      completed = account.completed
      failed = account.failed
      cancelled = account.cancelled
      inFlightAtStart = account.inFlightAtStart
      inFlightAtEnd = account.inFlightAtEnd
      lost = account.lost
    }
  }

  /// One row of a sweep: the swept pool's size and what the run did at it.
  struct SweepRow: Encodable {
    var size: Int
    var storeActionsPerSecond: Double
    var roundTripsPerSecond: Double
    var p50Micros: Int64?
    var p99Micros: Int64?
    var errors: Int
    var lostEffects: Int64

    init(_ result: LoadResult, kind: String) {
      size = result.poolSizes[kind] ?? 0
      storeActionsPerSecond = result.storeActionsPerSecond
      roundTripsPerSecond = result.roundTripsPerSecond
      p50Micros = result.roundTrips[kind]?.p50
      p99Micros = result.roundTrips[kind]?.p99
      errors = result.errors.values.reduce(0, +)
      lostEffects = result.lostEffects
    }
  }
}
