import Synchronization

/// A Lua script Redis runs atomically: sent once with `SCRIPT LOAD`, then called by its SHA-1
/// with `EVALSHA`, so a hot path does not send its source with every call.
///
/// The SHA-1 is learned from the server, and loaded again when the server answers `NOSCRIPT`
/// (it restarted, or `SCRIPT FLUSH` ran), so one script value serves any number of connections.
public final class RedisScript: Sendable {
  /// The script's Lua source.
  public let source: String
  private let sha = Mutex<String?>(nil)

  /// A script from its Lua source.
  public init(_ source: String) {
    self.source = source
  }

  /// The SHA-1 the server knows the script by, loading it first when it is not known yet.
  func digest(on connection: RedisConnection, reload: Bool) throws(RedisError) -> String {
    if !reload, let known = sha.withLock({ $0 }) { return known }
    let reply = try connection.send(RedisCommand("SCRIPT", "LOAD", source))
    guard let digest = reply.string else { throw .unexpectedReply(command: "SCRIPT LOAD", reply: reply.summary) }
    sha.withLock { $0 = digest }
    return digest
  }
}
