extension StreamQueue {
  /// Makes the length of `kind`'s backlog list (``StreamLayout/backlog(_:)``) `count`, expiring
  /// after `expiry` unless published again, so a coordinator that stopped leaves no backlog to
  /// scale on.
  public func publishBacklog(of kind: String, count: Int, expiry: Duration) throws(RedisError) {
    try connection.send(
      RedisCommand("EVAL", Self.backlogScript, "1", layout.backlog(kind), String(max(0, count)), String(expiry.wholeMilliseconds)))
  }

  /// Sets the length of the list `KEYS[1]` to `ARGV[1]` (placeholders appended or trimmed, in
  /// one step as its readers see it) and its expiry to `ARGV[2]` milliseconds.
  static let backlogScript = """
    local n = tonumber(ARGV[1])
    local length = redis.call('LLEN', KEYS[1])
    if n == 0 then
      redis.call('DEL', KEYS[1])
      return 0
    end
    if length > n then
      redis.call('LTRIM', KEYS[1], 0, n - 1)
    elseif length < n then
      local batch = {}
      for i = length + 1, n do
        batch[#batch + 1] = '1'
        if #batch == 1000 then
          redis.call('RPUSH', KEYS[1], unpack(batch))
          batch = {}
        end
      end
      if #batch > 0 then redis.call('RPUSH', KEYS[1], unpack(batch)) end
    end
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return n
    """
}
