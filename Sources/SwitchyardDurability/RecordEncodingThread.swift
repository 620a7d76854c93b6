import Foundation
import SwitchyardJournal
import SwitchyardRuntime

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
  /// Whether a batch is being drained, by the thread or by a caller of ``drainNow()``: one at a
  /// time, as the drain's buffers are reused from one batch to the next.
  private var draining = false
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
    condition.broadcast()
  }

  /// Encodes and appends the records gathering now, on the calling thread, after the batch under
  /// way if there is one: returns once every record queued before the call is appended, or its
  /// batch failed. For a caller that would wait for them anyway: it does the work itself rather
  /// than wake the thread and sleep until that has had a CPU and done it.
  func drainNow() {
    condition.lock()
    defer { condition.unlock() }
    while draining { condition.wait() }
    guard case .gathering = phase else { return }
    phase = .idle
    takeBatch()
  }

  /// Takes what is still queued and stops the thread; returns why the last batch failed, if it did.
  func stop() -> String? {
    condition.lock()
    defer { condition.unlock() }
    if case .stopped = phase { return failure }
    phase = .stopping
    condition.broadcast()
    while true {
      if case .stopped = phase { return failure }
      condition.wait()
    }
  }

  private func run() {
    condition.lock()
    while true {
      // A caller of `drainNow()` is taking the batch: the thread waits for it to end.
      if draining {
        condition.wait()
        continue
      }
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
    draining = true
    condition.unlock()
    let failed = drain()
    condition.lock()
    draining = false
    // Wakes whichever of the thread and a caller of ``drainNow()`` waits for the batch to end.
    condition.broadcast()
    guard let failed else { return }
    failure = failed
    condition.unlock()
    self.failed(failed)
    condition.lock()
  }
}
