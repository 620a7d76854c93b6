import SwitchyardInspector

/// What `start`'s options asked for: where the coordinator runs, its pools, how it stops.
///
/// A new `start` option adds a field here and reads it in ``StartCommand``; ``StartMode``s and
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
  /// `--broker`, `--name` and the `KIND=redis` pools: pools whose workers read Redis streams, or `nil`.
  public var broker: BrokerOptions?

  /// Creates start options.
  public init(
    runDirectory: String = ParsedArguments.defaultRunDirectory,
    pools: [PoolConfiguration] = [],
    shutdownGrace: Duration = .seconds(5),
    parent: Int32? = nil,
    http: InspectorConfiguration? = nil,
    broker: BrokerOptions? = nil
  ) {
    self.runDirectory = runDirectory
    self.pools = pools
    self.shutdownGrace = shutdownGrace
    self.parent = parent
    self.http = http
    self.broker = broker
  }
}
