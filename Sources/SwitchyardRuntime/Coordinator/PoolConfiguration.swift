import SwitchyardWire

/// How one pool of workers runs: its size, its limits, and how it is supervised.
public struct PoolConfiguration: Sendable, Equatable {
  /// The kind of job the pool runs, and the argument of `switchyard worker <kind>`.
  public var kind: JobKind
  /// How many workers to keep running.
  public var size: Int
  /// The most workers `scale` may ask for: each holds a process and three pipes, so a mistyped
  /// size cannot exhaust the coordinator's file descriptors.
  /// At least the size the pool starts with.
  public var maxSize: Int
  /// The most effects one worker runs at once.
  public var maxInFlightPerWorker: Int
  /// The most effects that wait for a free worker; beyond it effects fail with
  /// ``JobFailure/Code/overloaded``.
  public var maxQueued: Int
  /// When dead workers are restarted, and when the pool gives up.
  public var restartPolicy: RestartPolicy
  /// The delay before the first retry of an effect whose worker died; it doubles per attempt.
  public var retryBackoff: Duration
  /// How often the coordinator pings each worker.
  public var heartbeatInterval: Duration
  /// How long a worker may leave a ping unanswered before it is killed and replaced.
  public var heartbeatTimeout: Duration
  /// How long a new worker may take to start and say `hello`, when longer than the heartbeat
  /// timeout: starting a process on a loaded machine is slower than answering a ping.
  public var startTimeout: Duration
  /// How long a worker leaving the pool may take to finish its effects before they are handed back
  /// to the other workers.
  public var drainTimeout: Duration

  /// Creates a pool configuration.
  public init(
    kind: JobKind,
    size: Int,
    maxSize: Int = 64,
    maxInFlightPerWorker: Int = 64,
    maxQueued: Int = 1024,
    restartPolicy: RestartPolicy = RestartPolicy(),
    retryBackoff: Duration = .milliseconds(100),
    heartbeatInterval: Duration = .seconds(1),
    heartbeatTimeout: Duration = .seconds(5),
    startTimeout: Duration = .seconds(10),
    drainTimeout: Duration = .seconds(10)
  ) {
    self.kind = kind
    self.size = size
    self.maxSize = max(maxSize, size)
    self.maxInFlightPerWorker = maxInFlightPerWorker
    self.maxQueued = maxQueued
    self.restartPolicy = restartPolicy
    self.retryBackoff = retryBackoff
    self.heartbeatInterval = heartbeatInterval
    self.heartbeatTimeout = heartbeatTimeout
    self.startTimeout = startTimeout
    self.drainTimeout = drainTimeout
  }
}
