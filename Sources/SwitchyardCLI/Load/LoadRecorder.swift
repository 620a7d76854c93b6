import Synchronization

/// What the simulated users did, gathered from their threads as they go.
final class LoadRecorder: Sendable {
  struct Snapshot: Sendable {
    var actionsSent = 0
    var latencies: [String: [Int64]] = [:]
    var errors: [String: Int] = [:]
    var usersDone = 0
  }

  private let storage = Mutex(Snapshot())

  func actionSent() {
    storage.withLock { $0.actionsSent += 1 }
  }

  func roundTrip(kind: String, micros: Int64) {
    storage.withLock { $0.latencies[kind, default: []].append(micros) }
  }

  func error(_ type: String) {
    storage.withLock { $0.errors[type, default: 0] += 1 }
  }

  func userDone() {
    storage.withLock { $0.usersDone += 1 }
  }

  var snapshot: Snapshot {
    storage.withLock { $0 }
  }

  var actionsSent: Int {
    storage.withLock { $0.actionsSent }
  }

  var errorCount: Int {
    storage.withLock { $0.errors.values.reduce(0, +) }
  }

  var usersDone: Int {
    storage.withLock { $0.usersDone }
  }
}
