/// When the coordinator last published state to subscribers, and what.
struct StatePublication<State: Equatable> {
  /// The shortest time between two publications.
  static var interval: Duration { .milliseconds(5) }

  var isScheduled = false
  private var lastState: State?
  private var lastAt: ContinuousClock.Instant?

  /// How long to wait so publications are at least ``interval`` apart.
  func delayBeforeNext() -> Duration {
    guard let lastAt else { return .zero }
    return max(.zero, Self.interval - (.now - lastAt))
  }

  /// Whether `state` differs from what was last published; records it if so.
  mutating func shouldPublish(_ state: State) -> Bool {
    lastAt = .now
    guard state != lastState else { return false }
    lastState = state
    return true
  }
}
