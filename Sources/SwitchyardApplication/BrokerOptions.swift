import SwitchyardRedis

/// `start --broker URL` with `--pools KIND=redis[:N]`: the pools whose workers run on any host as
/// `worker KIND --broker URL` and read their jobs from Redis streams (deploy/README.md).
public struct BrokerOptions: Sendable {
  /// The Redis server, from `redis://[user:password@]HOST:PORT/DB`.
  public var redis: RedisConfiguration
  /// `--name`: the namespace of the coordinator's streams, `switchyard:{NAME}:…`, shared with
  /// its workers; the application's name when `nil`.
  public var coordinator: String?
  /// The kinds of the remote pools.
  public var kinds: [JobKind]

  /// Creates broker options.
  public init(redis: RedisConfiguration, coordinator: String? = nil, kinds: [JobKind]) {
    self.redis = redis
    self.coordinator = coordinator
    self.kinds = kinds
  }
}
