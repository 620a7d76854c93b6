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
    var runs: [Run]
    var sweep: [SweepRow]

    init(_ report: LoadReport) {
      cores = report.cores
      lostEffects = report.lostEffects
      sweptKind = report.sweptKind
      runs = report.results.map(Run.init)
      sweep = report.sweptKind.map { kind in report.results.map { SweepRow($0, kind: kind) } } ?? []
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
    }
  }

  /// One worker kind's round trips, in microseconds.
  struct RoundTrips: Encodable {
    var count: Int
    var p50Micros: Int64
    var p90Micros: Int64
    var p99Micros: Int64
    var maxMicros: Int64

    init(_ summary: LatencySummary) {
      count = summary.count
      p50Micros = summary.p50
      p90Micros = summary.p90
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
