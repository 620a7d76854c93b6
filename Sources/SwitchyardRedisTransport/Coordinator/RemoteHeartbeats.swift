import SwitchyardRuntime
import SwitchyardWire

/// The latest `heartbeat` of every remote worker, for the counters of its pool: the pool's broker
/// stands for them all, and status sums their counters.
///
/// A worker that goes away keeps its last counters in the sum, so the pool's counters never go
/// back; once it has been silent long enough to be forgotten, they move into its pool's total of
/// retired workers. Kept per worker for good, every restarted worker's name (and every name a
/// stray writer made up) stayed in memory for the coordinator's life.
struct RemoteHeartbeats {
  private var latest: [String: (kind: JobKind, heartbeat: Heartbeat, at: ContinuousClock.Instant)] = [:]
  /// The summed counters of each pool's forgotten workers.
  private var retired: [JobKind: [String: Int64]] = [:]

  /// Records `heartbeat` from `worker`, a worker of `kind`, heard at `now`.
  mutating func record(_ heartbeat: Heartbeat, from worker: String, kind: JobKind, at now: ContinuousClock.Instant = .now) {
    latest[worker] = (kind, heartbeat, now)
  }

  /// Forgets the workers last heard before `cutoff`, their counters kept in their pool's total.
  mutating func forget(silentSince cutoff: ContinuousClock.Instant) {
    for (worker, entry) in latest where entry.at < cutoff {
      retired[entry.kind, default: [:]].merge(entry.heartbeat.counters, uniquingKeysWith: Heartbeat.sum)
      latest[worker] = nil
    }
  }

  /// How many workers' heartbeats are kept one by one.
  var count: Int { latest.count }

  /// The counters of `kind`'s workers, summed, the forgotten ones' included.
  func counters(of kind: JobKind) -> [String: Int64] {
    var total = retired[kind] ?? [:]
    for entry in latest.values where entry.kind == kind {
      total.merge(entry.heartbeat.counters, uniquingKeysWith: Heartbeat.sum)
    }
    return total
  }
}
