/// A lease in Redis that one of several processes holds at a time, with a fencing epoch.
///
/// ``acquire()`` sets the lease key only when it is absent (`SET … NX PX`) and gives the new
/// lease an epoch from a counter that only grows (`INCR`), in one script; ``renew(_:)`` extends
/// it only while it still holds that exact grant. Expiry is judged by Redis's clock alone, so
/// the holders' clocks need not agree; a holder renews well inside ``ttl`` and stops acting as
/// holder once a renewal fails or is overdue.
public struct RedisLease: Sendable {
  /// The connection the lease's commands use.
  public let connection: RedisConnection
  /// Where the lease and its epoch counter live.
  public let layout: HighAvailabilityLayout
  /// How long the lease lasts after each grant or renewal unless renewed.
  public let ttl: Duration

  /// A lease at `layout`'s keys lasting `ttl` (whole milliseconds, at least one).
  public init(connection: RedisConnection, layout: HighAvailabilityLayout, ttl: Duration) {
    self.connection = connection
    self.layout = layout
    self.ttl = max(ttl, .milliseconds(1))
  }

  /// Takes the lease for `holder` when no one holds it, returning the grant with its new epoch;
  /// `nil` when another holds it.
  public func acquire(holder: String) throws(RedisError) -> LeaseGrant? {
    let reply = try connection.evaluate(
      Self.acquireScript, keys: [layout.lease, layout.epoch],
      arguments: [Array(holder.utf8), Array(String(ttl.wholeMilliseconds).utf8)])
    if reply == .null || reply == .boolean(false) { return nil }
    guard let epoch = reply.integer, epoch > 0 else { throw .unexpectedReply(command: "EVALSHA", reply: reply.summary) }
    return LeaseGrant(epoch: UInt64(epoch), holder: holder)
  }

  /// Extends the lease by ``ttl`` if `grant` still holds it; `false` when it expired or another
  /// took it, and the caller must stop acting as its holder.
  public func renew(_ grant: LeaseGrant) throws(RedisError) -> Bool {
    let reply = try connection.evaluate(
      Self.renewScript, keys: [layout.lease], arguments: [grant.value, Array(String(ttl.wholeMilliseconds).utf8)])
    return reply.integer == 1
  }

  /// Gives the lease up if `grant` still holds it, so a standby takes it at once instead of
  /// waiting out ``ttl``.
  public func release(_ grant: LeaseGrant) throws(RedisError) {
    try connection.evaluate(Self.releaseScript, keys: [layout.lease], arguments: [grant.value])
  }

  /// Who holds the lease now, or `nil` when no one does.
  public func current() throws(RedisError) -> LeaseGrant? {
    guard let value = try connection.get(layout.lease) else { return nil }
    return LeaseGrant(value: value)
  }

  /// `KEYS[1]` the lease, `KEYS[2]` the epoch counter; `ARGV[1]` the holder, `ARGV[2]` the TTL
  /// in milliseconds. The epoch is counted only when the lease is taken.
  static let acquireScript = RedisScript(
    """
    if not redis.call('SET', KEYS[1], 'pending', 'NX', 'PX', ARGV[2]) then return false end
    local epoch = redis.call('INCR', KEYS[2])
    redis.call('SET', KEYS[1], epoch .. ' ' .. ARGV[1], 'PX', ARGV[2])
    return epoch
    """)

  /// `KEYS[1]` the lease; `ARGV[1]` the grant's value, `ARGV[2]` the TTL in milliseconds.
  static let renewScript = RedisScript(
    """
    if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return 1
    """)

  /// `KEYS[1]` the lease; `ARGV[1]` the grant's value.
  static let releaseScript = RedisScript(
    """
    if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
    return redis.call('DEL', KEYS[1])
    """)
}
