/// How long to wait before trying again: exponential, from ``initial`` doubling up to ``maximum``,
/// each wait shortened by up to ``jitter`` of itself.
///
/// Jitter spreads the retries of many clients that failed together (say, every session's feed
/// when the upstream restarts), so they do not all come back in the same instant.
public struct Backoff: Equatable, Sendable {
  /// The wait after the first failure.
  public var initial: Duration
  /// The longest wait, however many failures came before.
  public var maximum: Duration
  /// The largest fraction, from 0 to 1, by which a wait is randomly shortened; 0 makes every wait exact.
  public var jitter: Double

  /// Creates a backoff; `jitter` is clamped to 0…1.
  public init(initial: Duration, maximum: Duration, jitter: Double = 0) {
    self.initial = initial
    self.maximum = maximum
    self.jitter = jitter.isNaN ? 0 : min(max(jitter, 0), 1)
  }

  /// The wait after `failures` failures in a row (from 1), with `random` (0 up to 1) choosing how
  /// much jitter takes off.
  public func delay(afterFailures failures: Int, random: Double = 0) -> Duration {
    // Past 2^30 times the initial wait, any sensible maximum has long been reached.
    let doublings = min(max(failures - 1, 0), 30)
    let exact = min(initial * (1 << doublings), maximum)
    return exact * (1 - jitter * min(max(random, 0), 1))
  }
}
