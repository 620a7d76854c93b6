import SwitchyardRuntime
import SwitchyardWire

/// The latest `heartbeat` of every remote worker, summed per kind into the one heartbeat its
/// pool's link reports: the pool sees one worker, the stream, whose counters are all of theirs.
///
/// A worker that goes away keeps its last counters in the sum, so the pool's counters never go
/// back; its jobs no longer count as in flight once it is forgotten.
struct RemoteHeartbeats {
  private var latest: [String: (kind: JobKind, heartbeat: Heartbeat)] = [:]

  /// Records `heartbeat` from `worker`, a worker of `kind`.
  mutating func record(_ heartbeat: Heartbeat, from worker: String, kind: JobKind) {
    latest[worker] = (kind, heartbeat)
  }

  /// The sum for `kind`, counting in-flight jobs only of the workers in `live`.
  func total(of kind: JobKind, live: Set<String>) -> Heartbeat {
    var total = Heartbeat(inFlight: 0)
    for (worker, entry) in latest where entry.kind == kind {
      if live.contains(worker) { total.inFlight += entry.heartbeat.inFlight }
      total.counters.merge(entry.heartbeat.counters, uniquingKeysWith: +)
    }
    return total
  }
}
