import SwitchyardRuntime
import Synchronization

/// What the state's digests cost, measured by the encoding thread, which computes them, for the
/// main actor, which decides when to take the next (``DigestSchedule``).
final class DigestCosts: Sendable {
  private let schedule = Mutex(DigestSchedule())
  private let published = Atomic<Int64>(0)
  private let log: @Sendable (LogEvent) -> Void

  init(log: @escaping @Sendable (LogEvent) -> Void) {
    self.log = log
  }

  /// How long after a digest is taken the next may be, in nanoseconds, as the latest measured says.
  var interval: Int64 {
    published.load(ordering: .relaxed)
  }

  /// Notes that a digest of a state `length` bytes long as JSON took `cost` nanoseconds.
  func took(cost: Int64, length: Int) {
    let interval = schedule.withLock { schedule in
      schedule.took(cost: cost, length: length)
      return schedule.interval
    }
    published.store(interval, ordering: .relaxed)
  }

  /// Notes that the state could not be encoded for its digest: it is not digested again (an
  /// interval of 70 years, which no clock reading overflows), and its records are journaled
  /// without one, as between digests.
  func failed(_ error: any Error) {
    guard published.exchange(Int64.max / 4, ordering: .relaxed) != Int64.max / 4 else { return }
    log(.error("the state could not be encoded for its digest, so it is no longer digested; actions are still journaled: \(error)"))
  }
}
