import SwitchyardMetrics
import SwitchyardNet
import SwitchyardWire

/// Everything a ``Coordinator`` needs to run: its pools, where its run directory is, how it starts
/// workers, and how long it waits for them on shutdown.
public struct CoordinatorConfiguration: Sendable {
  /// Where the control socket and the lock live; created with mode 0700 if missing.
  public var runDirectory: String
  /// The worker pools to run.
  public var pools: [PoolConfiguration]
  /// How worker processes are started.
  public var workerLaunch: WorkerLaunch
  /// The pools whose workers are reached otherwise than as child processes, such as through a
  /// message broker; every other pool's workers are started with ``workerLaunch`` over pipes.
  package var transports: [JobKind: any WorkerTransport] = [:]
  /// How long workers get to finish on shutdown before they are killed.
  public var shutdownGrace: Duration
  /// Whether to serve the control socket; tests that drive the coordinator directly may not.
  public var servesControlSocket: Bool
  /// How often supervision runs: heartbeats, deadlines, drains.
  public var tickInterval: Duration
  /// The largest frame accepted from a worker.
  public var maxFrameLength: Int
  /// What control-socket clients may cost: connections, frame size, memory, descriptors.
  public var controlLimits = ControlSocketLimits()
  /// `start --control-listen HOST:PORT` (with `--control-token`): where the control protocol is
  /// served over TCP too, for clients on other hosts; `nil` for none. The port stays open after
  /// the coordinator stops, for whoever serves it next.
  public var controlPort: ControlPort?
  /// The software version reported in status: the executable's, as `--version` prints it.
  public var version: String
  /// Where the coordinator's metrics go, for `start --metrics` to serve; `nil` records none.
  public var metrics: MetricsRegistry?
  /// A reduction that holds the main actor this long or longer is logged and counted
  /// (`start --slow-reduction-ms`); `nil` times none.
  public var slowReduction: Duration? = .milliseconds(100)
  /// Where the coordinator's log events go, each made with its fields where it is logged
  /// (supervision, its workers' own lines with their pool and pid, the journal, the control
  /// socket): by default to the process's ``Logger``; with a `log` given at init, to it as their
  /// ``LogEvent/text``.
  public var logEvent: @Sendable (LogEvent) -> Void

  /// Creates a configuration; without `log`, events go to the process's ``Logger`` (standard
  /// error), and with it, to `log` as text lines.
  public init(
    runDirectory: String = ".switchyard",
    pools: [PoolConfiguration],
    workerLaunch: WorkerLaunch = .sameExecutable,
    shutdownGrace: Duration = .seconds(5),
    servesControlSocket: Bool = true,
    tickInterval: Duration = .milliseconds(50),
    maxFrameLength: Int = Frame.defaultMaxLength,
    version: String = "0.1.0",
    log: (@Sendable (String) -> Void)? = nil
  ) {
    self.runDirectory = runDirectory
    self.pools = pools
    self.workerLaunch = workerLaunch
    self.shutdownGrace = shutdownGrace
    self.servesControlSocket = servesControlSocket
    self.tickInterval = tickInterval
    self.maxFrameLength = maxFrameLength
    self.version = version
    if let log {
      self.logEvent = { log($0.text) }
    } else {
      self.logEvent = { Logger.standardError.log($0) }
    }
  }
}
