/// When a handler tries again: a ``Backoff``'s waits, slept on a clock that tests can replace.
public struct RetrySchedule: Sendable {
  /// How long each wait is.
  public var backoff: Backoff
  private let clock: any Clock<Duration>
  private let random: @Sendable () -> Double

  /// Creates a schedule.
  ///
  /// - Parameters:
  ///   - clock: what the waits sleep on; tests pass one they control.
  ///   - random: a number from 0 up to 1 for each wait's jitter; tests pass a constant.
  public init(
    backoff: Backoff,
    clock: any Clock<Duration> = ContinuousClock(),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) {
    self.backoff = backoff
    self.clock = clock
    self.random = random
  }

  /// Sleeps for the wait after `failures` failures in a row; throws `CancellationError` if cancelled.
  func wait(afterFailures failures: Int) async throws {
    try await clock.sleep(for: backoff.delay(afterFailures: failures, random: random()))
  }
}
