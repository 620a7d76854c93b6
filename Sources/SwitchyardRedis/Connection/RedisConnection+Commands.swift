extension RedisConnection {
  /// `PING`: checks that the server answers.
  public func ping() throws(RedisError) {
    let reply = try send(RedisCommand("PING"))
    guard reply.string == "PONG" else { throw .unexpectedReply(command: "PING", reply: reply.summary) }
  }

  /// `GET`: the value at `key`, or `nil` when there is none.
  public func get(_ key: String) throws(RedisError) -> [UInt8]? {
    let reply = try send(RedisCommand("GET", key))
    if reply == .null { return nil }
    guard let bytes = reply.bytes else { throw .unexpectedReply(command: "GET", reply: reply.summary) }
    return bytes
  }

  /// `SET`: stores `value` at `key`, expiring after `expiry` (whole milliseconds) when given.
  public func set(_ key: String, _ value: [UInt8], expiry: Duration? = nil) throws(RedisError) {
    var command = RedisCommand("SET", key).appending(value)
    if let expiry { command = command.appending("PX").appending(String(expiry.wholeMilliseconds)) }
    try send(command)
  }

  /// `DEL`: removes `keys`, answering how many existed.
  @discardableResult
  public func delete(_ keys: [String]) throws(RedisError) -> Int {
    try integer(RedisCommand("DEL", keys))
  }

  /// `EXPIRE`: makes `key` expire after `seconds`; `false` when there is no such key.
  @discardableResult
  public func expire(_ key: String, seconds: Int) throws(RedisError) -> Bool {
    try integer(RedisCommand("EXPIRE", key, String(seconds))) == 1
  }

  /// Sends `command` and reads its reply as an integer.
  func integer(_ command: RedisCommand) throws(RedisError) -> Int {
    let reply = try send(command)
    guard let value = reply.integer else { throw .unexpectedReply(command: command.name, reply: reply.summary) }
    return Int(value)
  }
}

extension Duration {
  /// The duration in whole milliseconds, as Redis's `PX`, `BLOCK` and idle arguments take it.
  var wholeMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
