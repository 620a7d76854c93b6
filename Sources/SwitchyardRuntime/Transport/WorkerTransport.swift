import SwitchyardWire

/// How the coordinator reaches the workers of a pool: the seam between supervision and the bytes.
///
/// Supervision and the effect table see a worker only as a ``WorkerLink``: typed commands go out
/// through it, and what the worker says comes back as ``WorkerLinkEvents``. Pipes to a child process
/// (``PipeTransport``) are one transport; a message broker's streams can be another, beside it,
/// without the effect table knowing which a worker uses.
package protocol WorkerTransport: Sendable {
  /// Starts (or attaches to) one worker of `kind`, reporting what it says to `events`.
  func connect(kind: JobKind, events: WorkerLinkEvents) throws -> any WorkerLink

  /// Why `scale` cannot change the number of workers, and how to scale them instead, for a
  /// transport whose workers the coordinator does not start; `nil` when it starts them itself.
  var scalingAdvice: String? { get }

  /// The stream and remote workers behind the pool of `kind`, for status; `nil` for a transport
  /// whose workers are the pool's own processes.
  func remoteStatus(of kind: JobKind) -> RemotePoolStatus?

  /// The counters of the workers behind the pool of `kind`'s broker, summed from their latest
  /// heartbeats; empty for a transport whose workers are the pool's own processes.
  func remoteCounters(of kind: JobKind) -> [String: Int64]

  /// Told on every supervision tick how many of `kind`'s effects wait in the coordinator's
  /// queue and how many are in flight: the pool's real backlog, which a transport whose workers
  /// others scale publishes for their autoscalers.
  func observeBacklog(of kind: JobKind, queued: Int, inFlight: Int)
}

extension WorkerTransport {
  /// A transport starts its own workers unless it says otherwise.
  package var scalingAdvice: String? { nil }

  /// A transport's workers are the pool's own processes unless it says otherwise.
  package func remoteStatus(of kind: JobKind) -> RemotePoolStatus? { nil }

  /// A transport's workers report their own counters unless it says otherwise.
  package func remoteCounters(of kind: JobKind) -> [String: Int64] { [:] }

  /// A transport that starts its own workers scales them itself.
  package func observeBacklog(of kind: JobKind, queued: Int, inFlight: Int) {}
}

/// One worker as its transport presents it: typed commands go in, and the link frames or encodes
/// them at its own edge.
package protocol WorkerLink: Sendable {
  /// What is at the other end: a worker process, or a broker for workers elsewhere.
  var peer: LinkPeer { get }
  /// Changes whenever the worker said anything, even while the main actor is too busy to handle
  /// it: supervision's proof of life.
  var readCount: UInt64 { get }
  /// Encodes `command` at the link's edge into `batch`, after what it holds: as a frame for a
  /// link that writes bytes, as it is for one that encodes later (NIO's `MessageToByteEncoder`).
  func encode(_ command: WorkerCommand, into batch: inout OutboundBatch)
  /// Queues what `batch` holds for the worker, in order; never blocks.
  func send(_ batch: OutboundBatch)
  /// Ends the worker at once; the link then reports it closed.
  func kill()
}

/// What a ``WorkerLink`` reports, each call from its transport's thread, in order.
package struct WorkerLinkEvents: Sendable {
  /// Decoded messages, in the order the worker wrote them.
  package var messages: @Sendable ([WorkerMessage]) -> Void
  /// One event of the worker's diagnostics (a line of a child's standard error), with the
  /// worker's pid.
  package var log: @Sendable (_ pid: Int32, _ event: LogEvent) -> Void
  /// The link ended; called once, last.
  package var closed: @Sendable (WorkerCloseReason, ExitStatus) -> Void

  package init(
    messages: @escaping @Sendable ([WorkerMessage]) -> Void,
    log: @escaping @Sendable (_ pid: Int32, _ event: LogEvent) -> Void,
    closed: @escaping @Sendable (WorkerCloseReason, ExitStatus) -> Void
  ) {
    self.messages = messages
    self.log = log
    self.closed = closed
  }
}
