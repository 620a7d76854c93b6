/// When the coordinator should take a snapshot: after so many actions or so much time, whichever
/// comes first, and never when nothing happened since the last one; and right after a recovery
/// that replayed many records, so that a coordinator crashing before either comes round (a crash
/// loop) does not replay more at every start.
public struct SnapshotPolicy: Sendable, Equatable {
  /// Take a snapshot once this many actions were journaled since the last; `nil` for no limit.
  public var everyActions: UInt64?
  /// Take a snapshot once this long passed since the last, if any action was journaled; `nil`
  /// for no limit.
  public var every: Duration?
  /// Take a snapshot right after a recovery that replayed more than this many records; `nil`
  /// never to.
  public var afterReplaying: Int?

  /// Creates a policy.
  public init(everyActions: UInt64? = 100_000, every: Duration? = .seconds(60), afterReplaying: Int? = 1_000) {
    self.everyActions = everyActions
    self.every = every
    self.afterReplaying = afterReplaying
  }

  /// Whether a snapshot is due, `actions` having been journaled in `elapsed` since the last.
  public func isDue(actionsSinceSnapshot actions: UInt64, elapsed: Duration) -> Bool {
    Thresholds(self).isDue(actionsSinceSnapshot: actions) { elapsed.wholeNanoseconds }
  }

  /// The policy in integers, for a caller that asks after every action: comparing `Duration`s and
  /// unwrapping the policy's optionals cost a busy coordinator's main actor more than the rest of
  /// journaling an action's bookkeeping.
  public struct Thresholds: Sendable {
    /// The actions since the last snapshot that make one due; `nil` for no limit.
    let actions: UInt64?
    /// The nanoseconds since the last snapshot that make one due; `nil` for no limit.
    let nanoseconds: Int64?

    public init(_ policy: SnapshotPolicy) {
      actions = policy.everyActions
      nanoseconds = policy.every?.wholeNanoseconds
    }

    /// Whether a snapshot is due after `actions` actions, `elapsed` giving the nanoseconds since
    /// the last, read only for a policy with a time bound.
    public func isDue(actionsSinceSnapshot actions: UInt64, elapsed: () -> Int64) -> Bool {
      guard actions > 0 else { return false }
      if let limit = self.actions, actions >= limit { return true }
      if let nanoseconds, elapsed() >= nanoseconds { return true }
      return false
    }
  }
}
