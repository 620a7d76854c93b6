/// One worker pool's part of a ``StatusReport``.
public struct PoolStatus: Codable, Equatable, Sendable {
  /// The job kind the pool serves.
  public var kind: String
  /// Workers running now.
  public var size: Int
  /// Workers the pool is scaling towards.
  public var target: Int
  /// Workers with at least one job.
  public var busy: Int
  /// Jobs waiting for a worker.
  public var queued: Int
  /// Effects handed to the pool since start; each ends as exactly one of completed, failed or
  /// cancelled, so `started - completed - failed - cancelled` is what is still busy or queued.
  public var started: UInt64
  /// Jobs finished since start.
  public var completed: UInt64
  /// Jobs failed for good since start.
  public var failed: UInt64
  /// Effects cancelled or superseded before they ended, including those cancelled by shutdown.
  public var cancelled: UInt64
  /// Attempts run again after a retryable failure or a crash.
  public var retried: UInt64
  /// Worker processes restarted after exiting unexpectedly.
  public var restarts: UInt64
  /// Median job latency in microseconds.
  public var latencyP50Micros: Int64
  /// 90th-percentile job latency in microseconds.
  public var latencyP90Micros: Int64
  /// 99th-percentile job latency in microseconds.
  public var latencyP99Micros: Int64
  /// The longest job latency in microseconds.
  public var latencyMaxMicros: Int64
  /// `"healthy"`, `"degraded"` or `"failed"`.
  public var health: String
  /// The sum of its workers' heartbeat counters.
  public var counters: [String: Int64]
  /// Its job stream and remote workers, for a pool whose workers read a broker; absent otherwise.
  public var remote: RemotePoolStatus?

  /// Creates a pool's status.
  public init(
    kind: String,
    size: Int,
    target: Int,
    busy: Int,
    queued: Int,
    started: UInt64 = 0,
    completed: UInt64,
    failed: UInt64,
    cancelled: UInt64 = 0,
    retried: UInt64,
    restarts: UInt64,
    latencyP50Micros: Int64,
    latencyP90Micros: Int64 = 0,
    latencyP99Micros: Int64,
    latencyMaxMicros: Int64 = 0,
    health: String,
    counters: [String: Int64] = [:],
    remote: RemotePoolStatus? = nil
  ) {
    self.kind = kind
    self.size = size
    self.target = target
    self.busy = busy
    self.queued = queued
    self.started = started
    self.completed = completed
    self.failed = failed
    self.cancelled = cancelled
    self.retried = retried
    self.restarts = restarts
    self.latencyP50Micros = latencyP50Micros
    self.latencyP90Micros = latencyP90Micros
    self.latencyP99Micros = latencyP99Micros
    self.latencyMaxMicros = latencyMaxMicros
    self.health = health
    self.counters = counters
    self.remote = remote
  }
}
