import Synchronization

/// What the simulated users did, gathered from their threads as they go, in total and for each
/// second since the load began.
final class LoadRecorder: Sendable {
  struct Snapshot: Sendable {
    var actionsSent = 0
    var latencies: [String: [Int64]] = [:]
    var errors: [String: Int] = [:]
    var usersDone = 0
    /// The steps failovers interrupted, and how they ended.
    var interrupted = InterruptedSteps()
    /// What happened in each second from the start, by its index.
    var seconds: [Int: LoadSecond.Tally] = [:]
  }

  private let storage = Mutex(Snapshot())
  private let startedAt: ContinuousClock.Instant

  /// Creates a recorder whose seconds count from `startedAt`.
  init(startedAt: ContinuousClock.Instant) {
    self.startedAt = startedAt
  }

  func actionSent() {
    let second = currentSecond
    storage.withLock {
      $0.actionsSent += 1
      $0.seconds[second, default: .init()].sent += 1
    }
  }

  func roundTrip(kind: String, micros: Int64) {
    let second = currentSecond
    storage.withLock {
      $0.latencies[kind, default: []].append(micros)
      $0.seconds[second, default: .init()].latencies.append(micros)
    }
  }

  func error(_ type: String) {
    let second = currentSecond
    storage.withLock {
      $0.errors[type, default: 0] += 1
      $0.seconds[second, default: .init()].errors += 1
    }
  }

  /// Each second from the first to the last in which anything happened, quiet ones included.
  var series: [LoadSecond] {
    let seconds = storage.withLock { $0.seconds }
    guard let last = seconds.keys.max() else { return [] }
    return (0...last).map { LoadSecond(second: $0, seconds[$0] ?? .init()) }
  }

  private var currentSecond: Int {
    Int((ContinuousClock.now - startedAt).components.seconds)
  }

  /// Counts a step a failover interrupted, once it has ended or been given up.
  func interrupted(_ outcome: LoadStep.Outcome?, lostBecause reason: String) {
    storage.withLock { $0.interrupted.record(outcome, lostBecause: reason) }
  }

  /// Counts a send that was not acknowledged before a failover and was sent again.
  func resent() {
    storage.withLock { $0.interrupted.resent += 1 }
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
