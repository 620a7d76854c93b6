/// How a ``RedisConnection`` reconnects after losing its server: capped exponential backoff with
/// jitter, for a bounded number of attempts.
///
/// Jitter spreads the reconnects of many workers that lost the same server at the same moment.
public struct RedisReconnectPolicy: Sendable, Equatable {
  /// The wait before the second attempt; the first is immediate.
  public var initialDelay: Duration
  /// The longest wait between attempts.
  public var maxDelay: Duration
  /// Attempts before giving up with ``RedisError/connectFailed(host:port:reason:)``; a command
  /// issued later starts a new round.
  public var maxAttempts: Int

  /// Creates a policy: by default 50 ms doubling to 2 s, 20 attempts (about half a minute).
  public init(initialDelay: Duration = .milliseconds(50), maxDelay: Duration = .seconds(2), maxAttempts: Int = 20) {
    self.initialDelay = initialDelay
    self.maxDelay = maxDelay
    self.maxAttempts = maxAttempts
  }

  /// The wait before attempt `attempt` (1-based): none for the first, then doubling with ±20 % jitter.
  func delay(beforeAttempt attempt: Int) -> Duration {
    guard attempt > 1 else { return .zero }
    var delay = initialDelay
    for _ in 2..<attempt where delay < maxDelay {
      delay *= 2
    }
    delay = min(delay, maxDelay)
    return delay * Double.random(in: 0.8...1.2)
  }
}
