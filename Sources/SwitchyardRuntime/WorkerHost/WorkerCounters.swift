import Synchronization

/// Named counters a worker reports in every heartbeat: its own and those its handlers increment.
final class WorkerCounters: Sendable {
  private let values = Mutex<[String: Int64]>([:])

  /// Adds `amount` to `name`.
  func increment(_ name: String, by amount: Int64 = 1) {
    values.withLock { $0[name, default: 0] += amount }
  }

  /// The current values.
  var snapshot: [String: Int64] {
    values.withLock { $0 }
  }
}
