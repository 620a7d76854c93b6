/// When the coordinator last published state to subscribers, what, and what encoding it cost.
///
/// Publications are spaced by what they cost: encoding the whole state on the main actor for every
/// burst let one subscriber to a 27 MB state cut the actions a coordinator took by a hundredfold.
struct StatePublication<State: Equatable> {
  /// The shortest time between two publications.
  static var interval: Duration { .milliseconds(5) }
  /// How many times its own encoding a publication waits before the next: encoding then takes at
  /// most a tenth of the main actor.
  static var spacing: Int { 9 }

  var isScheduled = false
  private var lastState: State?
  private var lastAt: ContinuousClock.Instant?
  /// What encoding the last published state took.
  private var lastCost: Duration = .zero

  /// How long to wait so publications are at least ``interval``, and ``spacing`` times the last
  /// one's cost, apart.
  func delayBeforeNext(now: ContinuousClock.Instant = .now) -> Duration {
    guard let lastAt else { return .zero }
    return max(.zero, max(Self.interval, lastCost * Self.spacing) - (now - lastAt))
  }

  /// Whether `state` differs from what was last published; records it if so.
  mutating func shouldPublish(_ state: State, now: ContinuousClock.Instant = .now) -> Bool {
    lastAt = now
    guard state != lastState else { return false }
    lastState = state
    return true
  }

  /// Records that publishing the state ``shouldPublish(_:now:)`` accepted took `cost` to encode.
  mutating func published(cost: Duration) {
    lastCost = cost
  }
}
