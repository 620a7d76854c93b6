import SwitchyardWire

/// One point of the page's graphs, taken from a status report: actions and effects per second,
/// each pool's latency and queue depth.
struct StatusSample: Sendable, Encodable, Equatable {
  /// One pool at that moment.
  struct Pool: Sendable, Encodable, Equatable {
    var kind: String
    /// Effects completed and failed per second since the previous sample.
    var donePerSecond: Double
    var failedPerSecond: Double
    var p50Micros: Int64
    var p99Micros: Int64
    var queued: Int
    var busy: Int
  }

  /// Milliseconds since 1970.
  var at: Double
  var actionsPerSecond: Double
  var pools: [Pool]

  /// The sample `report` gives at `at`, its rates counted from `previous`, the report before it.
  init(_ report: StatusReport, at: Double, previous: (report: StatusReport, at: Double)?) {
    self.at = at
    actionsPerSecond = report.coordinator.actionsPerSecond
    let seconds = previous.map { max(0.001, (at - $0.at) / 1_000) }
    pools = report.pools.map { pool in
      let before = previous?.report.pools.first { $0.kind == pool.kind }
      func rate(_ now: UInt64, _ then: UInt64?) -> Double {
        guard let then, let seconds, now >= then else { return 0 }
        return Double(now - then) / seconds
      }
      return Pool(
        kind: pool.kind,
        donePerSecond: rate(pool.completed, before?.completed),
        failedPerSecond: rate(pool.failed, before?.failed),
        p50Micros: pool.latencyP50Micros,
        p99Micros: pool.latencyP99Micros,
        queued: pool.queued,
        busy: pool.busy
      )
    }
  }
}
