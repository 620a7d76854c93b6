import SwitchyardRuntime
import SwitchyardWire

/// The latest `heartbeat` of every remote worker, for the counters of its pool: the pool's broker
/// stands for them all, and status sums their counters.
///
/// A worker that goes away keeps its last counters in the sum, so the pool's counters never go
/// back.
struct RemoteHeartbeats {
  private var latest: [String: (kind: JobKind, heartbeat: Heartbeat)] = [:]

  /// Records `heartbeat` from `worker`, a worker of `kind`.
  mutating func record(_ heartbeat: Heartbeat, from worker: String, kind: JobKind) {
    latest[worker] = (kind, heartbeat)
  }

  /// The counters of `kind`'s workers, summed.
  func counters(of kind: JobKind) -> [String: Int64] {
    var total: [String: Int64] = [:]
    for entry in latest.values where entry.kind == kind {
      total.merge(entry.heartbeat.counters, uniquingKeysWith: +)
    }
    return total
  }
}
