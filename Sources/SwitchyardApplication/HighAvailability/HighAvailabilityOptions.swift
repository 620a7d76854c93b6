import SwitchyardRedis

/// `start --ha redis://HOST:PORT/DB`: several coordinators with the same URL and `--name`
/// share their journal in Redis; one leads, the others stand by and take over when it dies.
public struct HighAvailabilityOptions: Sendable {
  /// The Redis server the coordinators share.
  public var redis: RedisConfiguration
  /// `--name`: the namespace of the shared keys, `switchyard:{NAME}:ha:…`; the application's
  /// name when `nil`.
  public var coordinator: String?
  /// `--ha-lease-ms`: how long the leader's lease lasts unless renewed.
  public var leaseTTL: Duration
  /// `--ha-replicas`: how many Redis replicas must have each journaled batch before it is
  /// acknowledged (`WAIT`); 0 trusts the primary alone.
  public var replicas: Int

  /// Creates the options.
  public init(redis: RedisConfiguration, coordinator: String? = nil, leaseTTL: Duration = .seconds(5), replicas: Int = 0) {
    self.redis = redis
    self.coordinator = coordinator
    self.leaseTTL = leaseTTL
    self.replicas = replicas
  }
}
