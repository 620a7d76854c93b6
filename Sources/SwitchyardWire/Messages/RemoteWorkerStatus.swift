/// One live worker of a remote pool, on whatever host it runs, with what its stream's consumer group says it holds.
public struct RemoteWorkerStatus: Codable, Equatable, Sendable {
  /// The host it runs on.
  public var host: String
  /// Its process id on that host.
  public var pid: Int32
  /// Jobs it holds: delivered to it and not yet finished.
  public var pending: Int
  /// How long ago it last set its heartbeat key; a worker silent past the heartbeat timeout is
  /// dead and no longer listed.
  public var lastHeardMillisAgo: Int64

  /// Creates a remote worker's status.
  public init(host: String, pid: Int32, pending: Int, lastHeardMillisAgo: Int64) {
    self.host = host
    self.pid = pid
    self.pending = pending
    self.lastHeardMillisAgo = lastHeardMillisAgo
  }
}
