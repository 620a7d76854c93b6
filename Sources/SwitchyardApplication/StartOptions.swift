import SwitchyardHighAvailability
import SwitchyardInspector

/// What `start`'s options asked for: where the coordinator runs, its pools, how it stops, and how
/// it journals.
///
/// A new `start` option adds a field here and reads it in `StartCommand`; ``StartMode``s and
/// ``Application/runCoordinator(_:)`` receive it whole.
public struct StartOptions: Sendable {
  /// `--run-dir`: where the control socket and the lock live.
  public var runDirectory: String
  /// `--pools`: the pools to run instead of the application's own; empty for the application's.
  public var pools: [PoolConfiguration]
  /// `--grace-ms`: how long workers get to finish when the coordinator stops.
  public var shutdownGrace: Duration
  /// `--parent`: the process whose exit stops the coordinator, or `nil`.
  public var parent: Int32?
  /// `--http` and `--http-token`: where to serve the web inspector, or `nil` for no inspector.
  public var http: InspectorConfiguration?
  /// `--data-dir`, or `nil` for `<run-dir>/data`: where the journal and snapshots live.
  public var dataDirectory: String?
  /// `false` with `--no-journal`: the state lives in memory only, and a restart starts afresh.
  public var journals: Bool
  /// `--fsync`: when journal records are on disk.
  public var durability: Durability
  /// `--snapshot-every`, `--snapshot-seconds` and `--snapshot-after-replay`: when the state is snapshotted.
  public var snapshotPolicy: SnapshotPolicy
  /// `--snapshots-kept`: how many snapshots (and the journal since the oldest) are kept.
  public var snapshotsKept: Int
  /// `--history-retention` and `--history-max-size`: how long the journal is kept for `history`.
  public var historyRetention: HistoryRetention
  /// `--segment-size`: the size at which the journal starts a new segment file.
  public var segmentSize: Int
  /// `--repair`: cut a damaged journal at the damage instead of refusing to start.
  public var repair: Bool
  /// `--skip-record`: the journal record recovery leaves out, such as one the last coordinator died reducing.
  public var skipRecord: UInt64?
  /// `--accept-divergence`: keep the state replay reaches where it differs from the journal's digests.
  public var acceptsDivergence: Bool
  /// `--broker`, `--name` and the `KIND=redis` pools: pools whose workers read Redis streams, or `nil`.
  public var broker: BrokerOptions?
  /// `--metrics` and `--metrics-token`: where to serve Prometheus metrics, or `nil` for none.
  public var metrics: MetricsConfiguration?
  /// The job kinds this executable's `worker` serves, from which the coordinator spawns its local
  /// pools' workers: a pool of another kind is refused at start, as its workers could only exit.
  /// `nil` checks nothing. `start` sets it.
  public var workerKinds: [String]?
  /// `--ha` and `--ha-lease-ms`: the Redis the journal is shared through, or `nil` to run alone.
  public var highAvailability: HighAvailabilityOptions?
  /// `--control-listen` and `--control-token`: the control protocol over TCP too, or `nil`.
  public var controlListen: ControlListenConfiguration?
  /// `--slow-reduction-ms`: a reduction this long or longer is logged and counted; `nil` for never.
  public var slowReduction: Duration? = .milliseconds(100)
  /// The lease this coordinator won with `--ha`, once it leads.
  var leadership: Leadership?
  /// The `--control-listen` port a standby bound, which the coordinator it becomes serves on.
  var controlPort: ControlPort?
  /// The `--metrics` a standby serves, which the coordinator it becomes records in.
  var servedMetrics: ServedMetrics?
  /// `SIGINT` and `SIGTERM` as caught since before the coordinator existed: a standby catches
  /// them, and the coordinator it becomes must not miss one that arrives as it recovers.
  var terminationSignals: TerminationSignals?

  /// Creates start options.
  public init(
    runDirectory: String = ParsedArguments.defaultRunDirectory,
    pools: [PoolConfiguration] = [],
    shutdownGrace: Duration = .seconds(5),
    parent: Int32? = nil,
    http: InspectorConfiguration? = nil,
    dataDirectory: String? = nil,
    journals: Bool = true,
    durability: Durability = .default,
    snapshotPolicy: SnapshotPolicy = SnapshotPolicy(),
    snapshotsKept: Int = 2,
    historyRetention: HistoryRetention = HistoryRetention(),
    segmentSize: Int = JournalOptions().segmentSize,
    repair: Bool = false,
    skipRecord: UInt64? = nil,
    acceptsDivergence: Bool = false,
    broker: BrokerOptions? = nil,
    metrics: MetricsConfiguration? = nil,
    workerKinds: [String]? = nil
  ) {
    self.runDirectory = runDirectory
    self.pools = pools
    self.shutdownGrace = shutdownGrace
    self.parent = parent
    self.http = http
    self.broker = broker
    self.metrics = metrics
    self.dataDirectory = dataDirectory
    self.journals = journals
    self.durability = durability
    self.snapshotPolicy = snapshotPolicy
    self.snapshotsKept = snapshotsKept
    self.historyRetention = historyRetention
    self.segmentSize = segmentSize
    self.repair = repair
    self.skipRecord = skipRecord
    self.acceptsDivergence = acceptsDivergence
    self.workerKinds = workerKinds
  }

  /// The data directory: `--data-dir`, or `data` in the run directory.
  public var resolvedDataDirectory: String {
    dataDirectory ?? DataDirectoryOption.defaultPath(runDirectory: runDirectory)
  }
}
