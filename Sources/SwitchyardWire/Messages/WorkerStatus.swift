/// One worker's part of a ``StatusReport``: a worker process, or the broker a remote pool
/// reaches its workers through (``broker``).
public struct WorkerStatus: Codable, Equatable, Sendable {
  /// The worker's process id; 0 for a broker, which has no process of its own.
  public var pid: Int32
  /// What the broker is (`redis HOST:PORT, stream KEY`), for a remote pool's broker; absent for a
  /// worker process. The remote workers behind it are in its pool's ``PoolStatus/remote``.
  public var broker: String?
  /// The job kind it serves.
  public var kind: String
  /// `"starting"`, `"ready"`, `"draining"` or `"stopped"`.
  public var state: String
  /// Jobs it is running now.
  public var inFlight: Int
  /// Jobs it finished.
  public var completed: UInt64
  /// Jobs that failed while it ran them, timeouts included.
  public var failed: UInt64
  /// Milliseconds since its last heartbeat (a broker's: since it last reached its server); absent
  /// before the first.
  public var lastHeartbeatMillisAgo: Int64?
  /// The counters of its latest heartbeat.
  public var counters: [String: Int64]

  /// Creates a worker's status.
  public init(
    pid: Int32,
    kind: String,
    state: String,
    inFlight: Int,
    completed: UInt64 = 0,
    failed: UInt64 = 0,
    lastHeartbeatMillisAgo: Int64? = nil,
    counters: [String: Int64] = [:],
    broker: String? = nil
  ) {
    self.pid = pid
    self.broker = broker
    self.kind = kind
    self.state = state
    self.inFlight = inFlight
    self.completed = completed
    self.failed = failed
    self.lastHeartbeatMillisAgo = lastHeartbeatMillisAgo
    self.counters = counters
  }
}
