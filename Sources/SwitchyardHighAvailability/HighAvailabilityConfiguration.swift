import SwitchyardRedis

/// `start --ha redis://HOST:PORT/DB`: the Redis server the coordinators named alike share their
/// journal through and elect their leader in.
public struct HighAvailabilityConfiguration: Sendable {
  /// The Redis server.
  public var redis: RedisConfiguration
  /// The coordinators' shared name, which namespaces their keys (`--name`).
  public var coordinator: String
  /// How long a leader's lease lasts unless renewed; it is renewed every third of it, and a
  /// standby takes over within about this long of the leader's death.
  public var leaseTTL: Duration
  /// Who this coordinator is, as the lease and `status` name it: its host, pid and control address.
  public var holder: String
  /// How many Redis replicas must have each batch of the shared journal before the leader's
  /// journal calls it durable (`WAIT`); 0 trusts the primary alone.
  public var replicas: Int

  /// Creates a configuration.
  public init(redis: RedisConfiguration, coordinator: String, leaseTTL: Duration = .seconds(5), holder: String, replicas: Int = 0) {
    self.redis = redis
    self.coordinator = coordinator
    self.leaseTTL = leaseTTL
    self.holder = holder
    self.replicas = replicas
  }

  /// The keys in Redis.
  public var layout: HighAvailabilityLayout { HighAvailabilityLayout(coordinator: coordinator) }

  /// A new connection to the Redis server; each thread that blocks on Redis wants its own.
  ///
  /// It waits for Redis (connecting, answering, reconnecting) at most a third of the lease, so a
  /// leader cut off from Redis learns it in time to stop before a standby takes over.
  func connection(named role: String) -> RedisConnection {
    var redis = redis
    redis.clientName = "switchyard-ha-\(role)"
    redis.connectTimeout = min(redis.connectTimeout, leaseTTL / 3)
    redis.readTimeout = min(redis.readTimeout, leaseTTL / 3)
    redis.reconnect.maxAttempts = min(redis.reconnect.maxAttempts, 2)
    redis.reconnect.maxDelay = min(redis.reconnect.maxDelay, leaseTTL / 10)
    return RedisConnection(configuration: redis)
  }
}
