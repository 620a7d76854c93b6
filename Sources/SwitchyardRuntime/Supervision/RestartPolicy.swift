/// When a pool restarts a dead worker, and when it gives up, in the manner of an OTP supervisor.
///
/// Restarts back off exponentially so a crashing worker does not spin a core; more than
/// ``maxRestarts`` within ``window`` marks the pool failed instead of crash-looping forever.
public struct RestartPolicy: Sendable, Equatable {
  /// The delay before the first restart.
  public var initialBackoff: Duration
  /// The longest delay between restarts.
  public var maxBackoff: Duration
  /// How many restarts the window tolerates (OTP's intensity).
  public var maxRestarts: Int
  /// The window restarts are counted in (OTP's period).
  public var window: Duration

  /// Creates a policy.
  public init(
    initialBackoff: Duration = .milliseconds(50),
    maxBackoff: Duration = .seconds(5),
    maxRestarts: Int = 5,
    window: Duration = .seconds(10)
  ) {
    self.initialBackoff = initialBackoff
    self.maxBackoff = maxBackoff
    self.maxRestarts = maxRestarts
    self.window = window
  }

  /// The delay before restarting, given how many restarts happened within the window.
  func backoff(afterRecentRestarts count: Int) -> Duration {
    let doubled = initialBackoff * Int(1 << min(count, 20))
    return min(doubled, maxBackoff)
  }
}
