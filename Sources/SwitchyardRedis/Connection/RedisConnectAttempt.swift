/// One failed attempt to connect, as ``RedisConnection/connect(reporting:)`` reports it while it
/// keeps trying: where, which attempt of how many, why, and how long until the next.
public struct RedisConnectAttempt: Sendable, Equatable, CustomStringConvertible {
  /// The server's address, `HOST:PORT`.
  public var address: String
  /// The attempt that failed, from 1.
  public var attempt: Int
  /// The attempts the reconnect policy allows before giving up.
  public var maxAttempts: Int
  /// Why it failed.
  public var reason: String
  /// The wait before the next attempt; `nil` after the last.
  public var nextDelay: Duration?

  /// Creates a report.
  public init(address: String, attempt: Int, maxAttempts: Int, reason: String, nextDelay: Duration?) {
    self.address = address
    self.attempt = attempt
    self.maxAttempts = maxAttempts
    self.reason = reason
    self.nextDelay = nextDelay
  }

  public var description: String {
    let next = nextDelay.map { delay in
      let (seconds, attoseconds) = delay.components
      return "trying again in \(seconds * 1_000 + attoseconds / 1_000_000_000_000_000) ms"
    } ?? "giving up"
    return "could not connect to Redis at \(address) (attempt \(attempt) of \(maxAttempts)): \(reason); \(next)"
  }
}
