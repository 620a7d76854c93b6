import SwitchyardRuntime
import Synchronization

/// What the state's digests cost, measured by the encoding thread, which computes them, for the
/// main actor, which decides when to take the next (``DigestSchedule``).
///
/// At most two digests wait to be computed: the first two an idle journal takes at once, as before
/// either is measured nothing spaces them; without the bound, a burst of actions on a large state
/// just recovered would queue a digest, and a copy of the state, for each.
final class DigestCosts: Sendable {
  /// How many digests may wait to be computed.
  static let maxWaiting = 2

  private let schedule = Mutex(DigestSchedule())
  private let published = Atomic<Int64>(0)
  private let waiting = Atomic<Int>(0)
  private let log: @Sendable (LogEvent) -> Void

  init(log: @escaping @Sendable (LogEvent) -> Void) {
    self.log = log
  }

  /// How long after a digest is taken the next may be, in nanoseconds, as the latest measured says.
  var interval: Int64 {
    published.load(ordering: .relaxed)
  }

  /// Whether as many digests as may wait are waiting to be computed.
  var waitingAreFull: Bool {
    waiting.load(ordering: .relaxed) >= Self.maxWaiting
  }

  /// Notes that a digest waits to be computed.
  func queued() {
    waiting.add(1, ordering: .relaxed)
  }

  /// Notes that a digest of a state `length` bytes long as JSON took `cost` nanoseconds.
  func took(cost: Int64, length: Int) {
    waiting.subtract(1, ordering: .relaxed)
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
    waiting.subtract(1, ordering: .relaxed)
    guard published.exchange(Int64.max / 4, ordering: .relaxed) != Int64.max / 4 else { return }
    log(.error("the state could not be encoded for its digest, so it is no longer digested; actions are still journaled: \(error)"))
  }
}
