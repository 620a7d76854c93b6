extension RedisConnection {
  /// `EVALSHA`: runs `script` with `keys` and `arguments` and returns its reply, loading the
  /// script (`SCRIPT LOAD`) on first use and again when the server has forgotten it.
  ///
  /// An error the script raises (`redis.error_reply`) throws ``RedisError/server(_:)`` with the
  /// code the script gave it. `serverWait` is how long the script may take, added to the read
  /// timeout, as ``send(_:serverWait:)`` takes it.
  @discardableResult
  public func evaluate(
    _ script: RedisScript, keys: [String], arguments: [[UInt8]] = [], serverWait: Duration = .zero
  ) throws(RedisError) -> RedisValue {
    var reload = false
    while true {
      var command = RedisCommand("EVALSHA", try script.digest(on: self, reload: reload)).appending(String(keys.count))
      for key in keys { command.append(key) }
      for argument in arguments { command.append(argument) }
      do {
        return try send(command, serverWait: serverWait)
      } catch .server(let error) where error.code == "NOSCRIPT" && !reload {
        reload = true
      }
    }
  }
}
