import Synchronization

/// Named counters a worker reports in every heartbeat: its own and those its handlers increment.
final class WorkerCounters: Sendable {
  /// The host's own counters, bumped for every job: atomics, so they cost no lock and no hashing.
  enum Own: String, CaseIterable {
    case runsReceived, runsFinished, runsFailed, cancelsReceived
  }

  private let runsReceived = Atomic<Int64>(0)
  private let runsFinished = Atomic<Int64>(0)
  private let runsFailed = Atomic<Int64>(0)
  private let cancelsReceived = Atomic<Int64>(0)
  private let values = Mutex<[String: Int64]>([:])

  /// Adds one to one of the host's own counters.
  func increment(_ counter: Own) {
    switch counter {
    case .runsReceived: runsReceived.add(1, ordering: .relaxed)
    case .runsFinished: runsFinished.add(1, ordering: .relaxed)
    case .runsFailed: runsFailed.add(1, ordering: .relaxed)
    case .cancelsReceived: cancelsReceived.add(1, ordering: .relaxed)
    }
  }

  /// Adds `amount` to `name`.
  func increment(_ name: String, by amount: Int64 = 1) {
    values.withLock { $0[name, default: 0] += amount }
  }

  /// The current values; the host's own counters appear once they have counted something.
  var snapshot: [String: Int64] {
    var snapshot = values.withLock { $0 }
    for counter in Own.allCases {
      let value = value(of: counter)
      if value != 0 { snapshot[counter.rawValue, default: 0] += value }
    }
    return snapshot
  }

  private func value(of counter: Own) -> Int64 {
    switch counter {
    case .runsReceived: runsReceived.load(ordering: .relaxed)
    case .runsFinished: runsFinished.load(ordering: .relaxed)
    case .runsFailed: runsFailed.load(ordering: .relaxed)
    case .cancelsReceived: cancelsReceived.load(ordering: .relaxed)
    }
  }
}
