/// When the coordinator should take a snapshot: after so many actions or so much time, whichever
/// comes first, and never when nothing happened since the last one.
public struct SnapshotPolicy: Sendable, Equatable {
  /// Take a snapshot once this many actions were journaled since the last; `nil` for no limit.
  public var everyActions: UInt64?
  /// Take a snapshot once this long passed since the last, if any action was journaled; `nil`
  /// for no limit.
  public var every: Duration?

  /// Creates a policy.
  public init(everyActions: UInt64? = 100_000, every: Duration? = .seconds(60)) {
    self.everyActions = everyActions
    self.every = every
  }

  /// Whether a snapshot is due, `actions` having been journaled in `elapsed` since the last.
  public func isDue(actionsSinceSnapshot actions: UInt64, elapsed: Duration) -> Bool {
    guard actions > 0 else { return false }
    if let everyActions, actions >= everyActions { return true }
    if let every, elapsed >= every { return true }
    return false
  }
}
