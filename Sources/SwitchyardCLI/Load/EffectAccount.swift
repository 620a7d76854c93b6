import SwitchyardWire

/// How one pool's effects ended during a load, from the pool's counters before and after it.
///
/// The counters count every effect of the pool, so effects already in flight when the load began
/// end inside it too: ``completed`` may exceed ``started``. What the load left running is the rise
/// in flight from ``inFlightAtStart`` to ``inFlightAtEnd``, and that is ``lost``.
package struct EffectAccount: Equatable, Sendable {
  /// Effects handed to the pool during the load.
  package var started: Int64
  /// Effects that finished during the load, including some in flight before it.
  package var completed: Int64
  /// Effects that failed for good during the load.
  package var failed: Int64
  /// Effects cancelled or superseded during the load.
  package var cancelled: Int64
  /// Effects running or queued when the load began: a listener the application keeps open, or
  /// another client's.
  package var inFlightAtStart: Int64

  /// Creates an account.
  package init(started: Int64, completed: Int64, failed: Int64, cancelled: Int64, inFlightAtStart: Int64 = 0) {
    self.started = started
    self.completed = completed
    self.failed = failed
    self.cancelled = cancelled
    self.inFlightAtStart = inFlightAtStart
  }

  /// The difference of a pool's counters between two status reports.
  package init(from before: PoolStatus?, to after: PoolStatus) {
    func delta(_ counter: KeyPath<PoolStatus, UInt64>) -> Int64 {
      Int64(after[keyPath: counter]) - Int64(before?[keyPath: counter] ?? 0)
    }
    self.init(
      started: delta(\.started), completed: delta(\.completed), failed: delta(\.failed), cancelled: delta(\.cancelled),
      inFlightAtStart: before.map(Self.inFlight) ?? 0
    )
  }

  /// Effects running or queued when the load's last answers were in.
  package var inFlightAtEnd: Int64 {
    inFlightAtStart + started - completed - failed - cancelled
  }

  /// Effects the load left running that never ended: never negative, and 0 while the runtime
  /// keeps its promise.
  package var lost: Int64 {
    max(0, inFlightAtEnd - inFlightAtStart)
  }

  /// A pool's effects started and not yet ended, by its counters.
  static func inFlight(_ pool: PoolStatus) -> Int64 {
    Int64(pool.started) - Int64(pool.completed) - Int64(pool.failed) - Int64(pool.cancelled)
  }
}
