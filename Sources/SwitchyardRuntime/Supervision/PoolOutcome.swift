/// What a ``PoolSupervisor`` decided about effects, returned for the router to carry out: the
/// supervisor knows workers and places effects on them, the router owns the effects themselves.
enum PoolOutcome: Equatable {
  /// The scheduler gave `worker` these effects, first in line first: dispatch them to it now.
  case dispatch([UInt64], to: Int)
  /// The effect's attempt ended with its worker (`reason` says how): retry it or fail it.
  case lost(UInt64, reason: String)
  /// The effect was taken off `worker`, a draining worker past its drain timeout: cancel it there
  /// and place it again (``PoolSupervisor/placeAgain(_:key:)``).
  case handedBack(UInt64, from: Int)
  /// The pool failed while the effect waited for a worker: it fails `unavailable` with `message`.
  case failed(UInt64, message: String)
  /// A worker is to be restarted after `delay`: call ``PoolSupervisor/restartDue()`` then.
  case restart(after: Duration)
}
