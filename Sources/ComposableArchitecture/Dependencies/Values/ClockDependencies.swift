private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> { UnimplementedClock(name: "continuousClock") }
}

private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static var testValue: any Clock<Duration> { UnimplementedClock(name: "suspendingClock") }
}

extension DependencyValues {
  /// A clock that keeps running while the system sleeps; use a `TestClock` in tests.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// A clock that pauses while the system sleeps; use a `TestClock` in tests.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

/// A clock that reports a test failure when a test sleeps on it without having overridden it.
///
/// Time-based behaviour must be driven by a `TestClock` the test controls; reaching the real clock
/// would make the test slow and flaky.
public struct UnimplementedClock: Clock {
  public typealias Duration = Swift.Duration
  public typealias Instant = ContinuousClock.Instant

  private let name: String

  /// Creates a clock named after the dependency it stands in for.
  public init(name: String = "clock") {
    self.name = name
  }

  public var now: Instant {
    ContinuousClock.now
  }

  public var minimumResolution: Duration {
    .zero
  }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    reportIssue(#"Unimplemented: @Dependency(\.\#(name)). Override it in the test, e.g. with a TestClock."#)
    try Task.checkCancellation()
  }
}
