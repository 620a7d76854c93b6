/// A remote pool's job stream in a ``PoolStatus``: what waits in it, what its workers hold, and
/// who reads it.
public struct RemotePoolStatus: Codable, Equatable, Sendable {
  /// Entries in the job stream: jobs waiting plus jobs running.
  public var streamLength: Int
  /// Jobs delivered to a worker and not yet finished.
  public var pending: Int
  /// How long ago the oldest pending job was enqueued; absent when none is pending.
  public var oldestPendingMillis: Int64?
  /// The workers that have read the stream, by consumer name.
  public var workers: [RemoteWorkerStatus]
  /// Jobs Redis lost (restarted without its data, flushed, the stream trimmed or its group
  /// destroyed) that the coordinator dispatched again since it started; absent when none.
  public var lostJobs: UInt64?
  /// How long ago Redis last lost the stream's jobs or its worker group; absent when it never did.
  public var lastLossMillisAgo: Int64?

  /// Creates a remote pool's status.
  public init(
    streamLength: Int, pending: Int, oldestPendingMillis: Int64?, workers: [RemoteWorkerStatus], lostJobs: UInt64? = nil,
    lastLossMillisAgo: Int64? = nil
  ) {
    self.streamLength = streamLength
    self.pending = pending
    self.oldestPendingMillis = oldestPendingMillis
    self.workers = workers
    self.lostJobs = lostJobs
    self.lastLossMillisAgo = lastLossMillisAgo
  }
}
