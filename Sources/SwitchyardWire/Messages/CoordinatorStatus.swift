/// The coordinator's part of a ``StatusReport``.
public struct CoordinatorStatus: Codable, Equatable, Sendable {
  /// The coordinator's process id.
  public var pid: Int32
  /// The coordinator's software version, as `switchyard --version` prints it; the protocol's
  /// version is settled by the `hello` handshake instead.
  public var version: String
  /// The directory holding its control socket and logs.
  public var runDir: String
  /// Seconds since it started.
  public var uptimeSeconds: Double
  /// The size of the store's state encoded as JSON.
  public var stateBytes: Int
  /// Actions the store has processed since start.
  public var actionsTotal: UInt64
  /// Actions per second over the recent past.
  public var actionsPerSecond: Double
  /// Where it serves the control protocol over TCP (`start --control-listen`), as `--run-dir`
  /// takes it: `tcp://HOST:PORT`, with the port taken for port 0; `nil` when it does not.
  public var controlAddress: String?

  /// Creates the coordinator's status.
  public init(
    pid: Int32,
    version: String,
    runDir: String,
    uptimeSeconds: Double,
    stateBytes: Int,
    actionsTotal: UInt64,
    actionsPerSecond: Double,
    controlAddress: String? = nil
  ) {
    self.pid = pid
    self.version = version
    self.runDir = runDir
    self.uptimeSeconds = uptimeSeconds
    self.stateBytes = stateBytes
    self.actionsTotal = actionsTotal
    self.actionsPerSecond = actionsPerSecond
    self.controlAddress = controlAddress
  }
}
