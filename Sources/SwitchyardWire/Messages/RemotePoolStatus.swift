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

  /// Creates a remote pool's status.
  public init(streamLength: Int, pending: Int, oldestPendingMillis: Int64?, workers: [RemoteWorkerStatus]) {
    self.streamLength = streamLength
    self.pending = pending
    self.oldestPendingMillis = oldestPendingMillis
    self.workers = workers
  }
}
