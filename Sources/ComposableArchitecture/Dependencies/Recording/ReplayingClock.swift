/// A clock whose `now` answers recorded offsets from its own reading when replay began, then
/// tells the time of `base` once the recording is used up.
struct ReplayingClock<Base: Clock>: Clock where Base.Duration == Duration {
  typealias Instant = Base.Instant

  private let base: Base
  private let reference: Base.Instant
  private let nextReading: @Sendable () -> Duration?

  init(base: Base, nextReading: @escaping @Sendable () -> Duration?) {
    self.base = base
    self.reference = base.now
    self.nextReading = nextReading
  }

  var now: Instant {
    guard let offset = nextReading() else { return base.now }
    return reference.advanced(by: offset)
  }

  var minimumResolution: Duration {
    base.minimumResolution
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}

/// A ReplayingClock around `base`, whatever clock type the existential holds.
func replayingClock(
  wrapping base: any Clock<Duration>,
  nextReading: @escaping @Sendable () -> Duration?
) -> any Clock<Duration> {
  func open<Opened: Clock<Duration>>(_ base: Opened) -> any Clock<Duration> {
    ReplayingClock<Opened>(base: base, nextReading: nextReading)
  }
  return open(base)
}
