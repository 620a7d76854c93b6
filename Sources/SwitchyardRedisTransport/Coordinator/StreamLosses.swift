import SwitchyardRedis

/// What one remote pool's job stream lost in Redis: the jobs found gone and not yet known to be
/// answered, and how many were lost in all and when last, for status and the metrics.
struct StreamLosses {
  /// Attempts whose job's entry was found gone from the stream with no end read for them yet:
  /// lost unless an end written before the check is still to be read.
  var suspects: [(effect: UInt64, generation: UInt32)] = []
  /// How many jobs were lost and dispatched again since the coordinator started.
  private(set) var jobs: UInt64 = 0
  /// When Redis was last seen to have lost jobs, or the stream's worker group.
  private(set) var last: ContinuousClock.Instant?

  /// Counts `count` jobs lost at `now`.
  mutating func lost(_ count: Int, at now: ContinuousClock.Instant = .now) {
    jobs += UInt64(count)
    last = now
  }

  /// Notes the stream's worker group gone at `now`: its jobs in flight are found gone next.
  mutating func groupLost(at now: ContinuousClock.Instant = .now) {
    last = now
  }
}
