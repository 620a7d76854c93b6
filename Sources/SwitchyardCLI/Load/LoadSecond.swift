/// One second of a load run, as k6 and Locust chart them: actions sent, round trips answered,
/// their latency, and errors, in the second that began `second` seconds after the start.
package struct LoadSecond: Equatable, Sendable {
  /// What the users recorded in one second, before it is summarised.
  struct Tally: Sendable {
    var sent = 0
    var errors = 0
    var latencies: [Int64] = []
  }

  /// Seconds from the start of the run to the start of this second.
  package var second: Int
  /// Actions the users sent that the coordinator accepted.
  package var sent: Int
  /// Round trips answered: effects whose result reached the user's slice of state.
  package var acked: Int
  /// Errors: failed or unanswered round trips and refused actions.
  package var errors: Int
  /// Round-trip latency percentiles of the round trips answered in the second, in microseconds
  /// (0 when none was).
  package var p50: Int64
  /// The 95th percentile, in microseconds.
  package var p95: Int64
  /// The 99th percentile, in microseconds.
  package var p99: Int64

  /// Creates a second.
  package init(second: Int, sent: Int, acked: Int, errors: Int, p50: Int64, p95: Int64, p99: Int64) {
    self.second = second
    self.sent = sent
    self.acked = acked
    self.errors = errors
    self.p50 = p50
    self.p95 = p95
    self.p99 = p99
  }

  init(second: Int, _ tally: Tally) {
    let summary = LatencySummary(samples: tally.latencies)
    self.init(
      second: second, sent: tally.sent, acked: summary.count, errors: tally.errors, p50: summary.p50, p95: summary.p95,
      p99: summary.p99
    )
  }
}
