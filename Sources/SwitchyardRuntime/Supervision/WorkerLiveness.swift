/// What supervision knows of a worker it still watches: when it was last heard, pinged and
/// answered. Carried by the ``WorkerProcess/State`` cases in which the worker is watched, so a
/// stopping worker has none to read by mistake.
struct WorkerLiveness: Equatable {
  /// The connection's read count when supervision last looked: a change means it said something.
  var readsSeen: UInt64 = 0
  /// When the oldest ping it has not answered (nor said anything since) was sent; `nil` when it has
  /// been heard since its last ping. Silence is timed from a ping actually sent, so a main actor
  /// too busy to ping is never mistaken for a silent worker.
  var silentSince: ContinuousClock.Instant?
  /// When it last answered a ping or sent a heartbeat; `nil` before the first.
  var lastHeartbeat: ContinuousClock.Instant?
  /// When supervision last pinged it (or, before the first ping, when it started).
  var lastPing: ContinuousClock.Instant
}
