/// When a pool restarts a dead worker, and whether it ever gives up, in the manner of an OTP
/// supervisor.
///
/// Restarts back off exponentially, up to ``maxBackoff``, with the number of restarts within
/// ``window``: a crashing worker does not spin a core, and once workers stay up for a window the
/// backoff is back to ``initialBackoff``. By default a pool never gives up: while its workers keep
/// dying it is *degraded*, its effects wait within their deadlines, and it is healthy again on its
/// own once restarted workers stay up. Set ``maxRestarts`` to fail the pool instead (OTP's
/// intensity), until an operator scales it.
public struct RestartPolicy: Sendable, Equatable {
  /// The delay before the first restart.
  public var initialBackoff: Duration
  /// The longest delay between restarts.
  public var maxBackoff: Duration
  /// How many restarts the window tolerates before the pool fails, or `nil` to keep restarting
  /// for ever (the default).
  public var maxRestarts: Int?
  /// The window restarts are counted in, for the backoff and for ``maxRestarts`` (OTP's period).
  public var window: Duration

  /// Creates a policy.
  public init(
    initialBackoff: Duration = .milliseconds(50),
    maxBackoff: Duration = .seconds(5),
    maxRestarts: Int? = nil,
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
