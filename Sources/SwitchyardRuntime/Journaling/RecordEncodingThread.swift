import Foundation
import SwitchyardJournal

/// The thread that takes a journal's pending records, batch by batch, to be encoded and appended:
/// the first record queued after a batch wakes it, and it takes everything queued once the
/// gathering delay since that record is up.
///
/// A thread of its own, asleep between batches, where a Dispatch timer per batch woke Dispatch's
/// manager thread and then a worker thread: several wakes for each batch, on the two CPUs a busy
/// coordinator and its workers share.
final class RecordEncodingThread: @unchecked Sendable {
  private enum Phase {
    /// Nothing queued since the last batch was taken.
    case idle
    /// Records are queued; the batch is taken at `deadline` (``Journal/monotonicNanoseconds()``),
    /// or at once when there is none.
    case gathering(deadline: Int64?)
    /// Asked to take what is queued and stop.
    case stopping
    case stopped
  }

  // Guards every stored property below.
  private let condition = NSCondition()
  private var phase = Phase.idle
  /// Why the last batch failed, for ``stop()``.
  private var failure: String?
  /// How long records gather, in nanoseconds; `nil` to take them at once.
  private let gathering: Int64?
  private let drain: @Sendable () -> String?
  private let failed: @Sendable (String) -> Void

  /// Starts the thread. `drain` takes and appends what is queued and returns why it failed, if it
  /// did, which `failed` then hears; records gather for `gathering` first, or not at all if `nil`.
  init(
    gathering: Duration?,
    drain: @escaping @Sendable () -> String?,
    failed: @escaping @Sendable (String) -> Void
  ) {
    self.gathering = gathering?.wholeNanoseconds
    self.drain = drain
    self.failed = failed
    Thread.detachNewThread(named: "sy-encode") { [self] in run() }
  }

  /// Says the first record since the last batch was queued: the next batch starts gathering.
  func recordsQueued() {
    condition.lock()
    defer { condition.unlock() }
    guard case .idle = phase else { return }
    phase = .gathering(deadline: gathering.map { Journal.monotonicNanoseconds() + $0 })
    condition.signal()
  }

  /// Takes the records gathering now rather than when their delay is up.
  func takeNow() {
    condition.lock()
    defer { condition.unlock() }
    guard case .gathering = phase else { return }
    phase = .gathering(deadline: nil)
    condition.signal()
  }

  /// Takes what is still queued and stops the thread; returns why the last batch failed, if it did.
  func stop() -> String? {
    condition.lock()
    defer { condition.unlock() }
    if case .stopped = phase { return failure }
    phase = .stopping
    condition.signal()
    while true {
      if case .stopped = phase { return failure }
      condition.wait()
    }
  }

  private func run() {
    condition.lock()
    while true {
      switch phase {
      case .idle:
        condition.wait()
      case let .gathering(deadline):
        if let deadline, case let remaining = deadline - Journal.monotonicNanoseconds(), remaining > 0 {
          _ = condition.wait(until: Date(timeIntervalSinceNow: Double(remaining) / 1e9))
          continue
        }
        // Idle before the batch is taken: a record queued after that wakes the next one.
        phase = .idle
        takeBatch()
      case .stopping:
        takeBatch()
        phase = .stopped
        condition.broadcast()
        condition.unlock()
        return
      case .stopped:
        condition.unlock()
        return
      }
    }
  }

  /// Runs `drain` with the lock released; called and returns with it held.
  private func takeBatch() {
    condition.unlock()
    let failed = drain()
    condition.lock()
    guard let failed else { return }
    failure = failed
    condition.unlock()
    self.failed(failed)
    condition.lock()
  }
}
