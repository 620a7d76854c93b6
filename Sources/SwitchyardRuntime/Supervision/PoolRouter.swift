import SwitchyardWire

/// What a ``PoolSupervisor`` asks of the runtime that routes effects: the supervisor decides about
/// workers, the router about the effects on them.
@MainActor
protocol PoolRouter: AnyObject {
  /// How the workers of `kind` are started and spoken to.
  func transport(for kind: JobKind) -> any WorkerTransport
  /// Where workers' links report.
  var inbox: MainActorInbox<WorkerEvent> { get }
  /// Whether the coordinator is shutting down: nothing is started or restarted.
  var isShuttingDown: Bool { get }
  /// Sends `message` to a worker after every frame sent to it before.
  func send(_ message: WorkerMessage, to process: WorkerProcess)
  /// A worker said hello and takes effects: give it the queued ones it can.
  func workerJoined(_ process: WorkerProcess, in pool: WorkerPool)
  /// A worker's link ended with `orphans` still on it: retry or fail them, and place the queue.
  func workerLeft(_ process: WorkerProcess, orphans: [UInt64], because reason: String, in pool: WorkerPool)
  /// Workers have free slots (one left rotation): place what waits in the queue.
  func placeWaiting(in pool: WorkerPool)
  /// A draining worker ran past its drain timeout: move its effects to other workers.
  func handBack(_ process: WorkerProcess, in pool: WorkerPool)
  /// The pool failed: fail the effects waiting for it.
  func poolFailed(_ pool: WorkerPool)
}
