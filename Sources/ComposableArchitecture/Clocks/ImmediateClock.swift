import Synchronization

/// A clock whose sleeps return at once, while its time still moves by the slept amount.
///
/// For tests and previews that care what happens after a delay, not about stepping through it.
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point in an immediate clock's time.
  public typealias Instant = TestClock<Duration>.Instant

  private let current: Mutex<Instant>

  public let minimumResolution: Duration = .zero

  /// Creates a clock that starts at `now`.
  public init(now: Instant = .init()) {
    self.current = Mutex(now)
  }

  public var now: Instant {
    current.withLock { $0 }
  }

  /// Moves time to `deadline` and returns without suspending.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { if deadline > $0 { $0 = deadline } }
    await Task.yield()
  }
}

extension ImmediateClock where Duration == Swift.Duration {
  /// Creates a clock measured in `Duration`.
  public convenience init() {
    self.init(now: .init())
  }
}
