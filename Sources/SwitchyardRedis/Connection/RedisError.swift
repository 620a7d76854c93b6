/// What went wrong talking to Redis.
///
/// ``server(_:)`` is the server refusing one command; the connection stays usable. The others
/// leave the connection closed, and the next command reconnects (``RedisReconnectPolicy``).
/// After ``connectionLost(_:)`` or ``timedOut(_:)`` the command may or may not have run.
public enum RedisError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The server answered with an error reply, such as `WRONGTYPE` or `NOGROUP`.
  case server(RedisServerError)
  /// The server sent bytes that are not RESP, or not within the client's limits.
  case protocolViolation(RESPProtocolError)
  /// No connection could be made within the reconnect policy's attempts.
  case connectFailed(host: String, port: UInt16, reason: String)
  /// The connection closed or failed while a command was in flight.
  case connectionLost(String)
  /// The server did not answer within the read timeout (or connect within the connect timeout).
  case timedOut(String)
  /// ``RedisConnection/close()`` was called; the connection takes no more commands.
  case closed
  /// The reply had a shape the command never returns, such as a string for `XLEN`.
  case unexpectedReply(command: String, reply: String)

  public var description: String {
    switch self {
    case let .server(error):
      error.description
    case let .protocolViolation(error):
      "The connection to Redis was closed because a reply was malformed: \(error)"
    case let .connectFailed(host, port, reason):
      "Could not connect to Redis at \(host):\(port): \(reason). Check that redis-server runs there and that the address is reachable."
    case let .connectionLost(reason):
      "The connection to Redis was lost (\(reason)); the command may or may not have run, and the next one reconnects."
    case let .timedOut(what):
      "Redis did not answer \(what) in time; the connection was closed and the next command reconnects."
    case .closed:
      "This Redis connection was closed by its owner; open a new one."
    case let .unexpectedReply(command, reply):
      "Redis answered \(command) with \(reply), which is not a reply that command gives."
    }
  }
}
