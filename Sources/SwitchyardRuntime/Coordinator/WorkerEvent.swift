import SwitchyardWire

/// What a worker's I/O thread reports to the coordinator's main actor.
enum WorkerEvent: Sendable {
  /// Messages the worker wrote, in order.
  case messages(worker: Int, kind: JobKind, [WorkerMessage])
  /// The worker's connection ended and the process was reaped.
  case closed(worker: Int, kind: JobKind, WorkerCloseReason, ExitStatus)
}
