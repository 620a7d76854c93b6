/// One worker process's part of a ``StatusReport``.
public struct WorkerStatus: Codable, Equatable, Sendable {
  /// The worker's process id.
  public var pid: Int32
  /// The job kind it serves.
  public var kind: String
  /// `"starting"`, `"ready"`, `"draining"` or `"stopped"`.
  public var state: String
  /// Jobs it is running now.
  public var inFlight: Int
  /// Milliseconds since its last heartbeat; absent before the first.
  public var lastHeartbeatMillisAgo: Int64?

  /// Creates a worker's status.
  public init(pid: Int32, kind: String, state: String, inFlight: Int, lastHeartbeatMillisAgo: Int64? = nil) {
    self.pid = pid
    self.kind = kind
    self.state = state
    self.inFlight = inFlight
    self.lastHeartbeatMillisAgo = lastHeartbeatMillisAgo
  }
}
