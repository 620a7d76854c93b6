/// A clock that tells the time of `base` and reports each reading as an offset from its first.
struct RecordingClock<Base: Clock>: Clock where Base.Duration == Duration {
  typealias Instant = Base.Instant

  private let base: Base
  private let reference: Base.Instant
  private let record: @Sendable (Duration) -> Void

  init(base: Base, record: @escaping @Sendable (Duration) -> Void) {
    self.base = base
    self.reference = base.now
    self.record = record
  }

  var now: Instant {
    let now = base.now
    record(reference.duration(to: now))
    return now
  }

  var minimumResolution: Duration {
    base.minimumResolution
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}

/// A RecordingClock around `base`, whatever clock type the existential holds.
func recordingClock(
  wrapping base: any Clock<Duration>,
  record: @escaping @Sendable (Duration) -> Void
) -> any Clock<Duration> {
  func open<Opened: Clock<Duration>>(_ base: Opened) -> any Clock<Duration> {
    RecordingClock<Opened>(base: base, record: record)
  }
  return open(base)
}
