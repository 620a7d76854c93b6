import SwitchyardWire

/// How one pool's effects ended during a load: every effect started must end as exactly one of
/// completed, failed or cancelled, so ``lost`` must be 0.
public struct EffectAccount: Equatable, Sendable {
  /// Effects handed to the pool.
  public var started: Int64
  /// Effects that finished.
  public var completed: Int64
  /// Effects that failed for good.
  public var failed: Int64
  /// Effects cancelled or superseded.
  public var cancelled: Int64

  /// Creates an account.
  public init(started: Int64, completed: Int64, failed: Int64, cancelled: Int64) {
    self.started = started
    self.completed = completed
    self.failed = failed
    self.cancelled = cancelled
  }

  /// The difference of a pool's counters between two status reports.
  public init(from before: PoolStatus?, to after: PoolStatus) {
    func delta(_ counter: KeyPath<PoolStatus, UInt64>) -> Int64 {
      Int64(after[keyPath: counter]) - Int64(before?[keyPath: counter] ?? 0)
    }
    self.init(started: delta(\.started), completed: delta(\.completed), failed: delta(\.failed), cancelled: delta(\.cancelled))
  }

  /// Effects started that did not end: never anything but 0 while the runtime keeps its promise.
  public var lost: Int64 {
    started - completed - failed - cancelled
  }
}
