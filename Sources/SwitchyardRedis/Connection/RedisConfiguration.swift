/// Where a Redis server is and how to talk to it: address, credentials, database, protocol,
/// timeouts and reconnection.
///
/// ``init(url:)`` reads the `redis://[user:password@]host:port/db` form the `--broker` flag takes.
public struct RedisConfiguration: Sendable, Equatable {
  /// Which RESP version the connection asks for.
  public enum ProtocolVersion: Int, Sendable {
    /// RESP2, which every Redis speaks; `AUTH` authenticates.
    case resp2 = 2
    /// RESP3, negotiated with `HELLO 3` (Redis 6 and later), which also authenticates.
    case resp3 = 3
  }

  /// The server's host name or address.
  public var host: String
  /// The server's TCP port.
  public var port: UInt16
  /// The ACL user; `nil` authenticates as `default` when a password is set.
  public var username: String?
  /// The password; `nil` for a server without authentication.
  public var password: String?
  /// The database `SELECT`ed after every connect.
  public var database: Int
  /// The RESP version to negotiate.
  public var protocolVersion: ProtocolVersion
  /// A name for `CLIENT SETNAME`, shown by `CLIENT LIST`; `nil` for none.
  public var clientName: String?
  /// How long connecting and the handshake may take.
  public var connectTimeout: Duration
  /// How long a reply may take, on top of any time a blocking command asks the server to wait.
  public var readTimeout: Duration
  /// How a lost connection is re-established.
  public var reconnect: RedisReconnectPolicy
  /// Bounds on replies.
  public var limits: RESPLimits

  /// Creates a configuration; only the address is required.
  public init(
    host: String = "127.0.0.1",
    port: UInt16 = 6379,
    username: String? = nil,
    password: String? = nil,
    database: Int = 0,
    protocolVersion: ProtocolVersion = .resp3,
    clientName: String? = nil,
    connectTimeout: Duration = .seconds(5),
    readTimeout: Duration = .seconds(10),
    reconnect: RedisReconnectPolicy = RedisReconnectPolicy(),
    limits: RESPLimits = .default
  ) {
    self.host = host
    self.port = port
    self.username = username
    self.password = password
    self.database = database
    self.protocolVersion = protocolVersion
    self.clientName = clientName
    self.connectTimeout = connectTimeout
    self.readTimeout = readTimeout
    self.reconnect = reconnect
    self.limits = limits
  }
}
