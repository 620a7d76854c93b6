extension RedisCommand {
  /// `XADD key [MAXLEN ~ n] * field value …`: appends an entry with a server-assigned ID.
  ///
  /// `maxLength` trims the stream to about that many entries (`~` lets Redis trim whole nodes,
  /// which is much cheaper than an exact trim).
  public static func xadd(_ key: String, fields: [StreamField], maxLength: Int? = nil) -> RedisCommand {
    var command = RedisCommand("XADD", key)
    if let maxLength {
      command.append("MAXLEN")
      command.append("~")
      command.append(String(maxLength))
    }
    command.append("*")
    for field in fields {
      command.append(field.name)
      command.append(field.value)
    }
    return command
  }

  /// `XREADGROUP GROUP group consumer [COUNT n] [BLOCK ms] STREAMS key … position …`.
  public static func xreadgroup(
    group: String, consumer: String, streams: [(key: String, position: StreamReadPosition)],
    count: Int? = nil, block: Duration? = nil
  ) -> RedisCommand {
    read(RedisCommand("XREADGROUP", "GROUP", group, consumer), streams: streams, count: count, block: block)
  }

  /// `XREAD [COUNT n] [BLOCK ms] STREAMS key … position …`: reads without a group.
  public static func xread(
    streams: [(key: String, position: StreamReadPosition)], count: Int? = nil, block: Duration? = nil
  ) -> RedisCommand {
    read(RedisCommand("XREAD"), streams: streams, count: count, block: block)
  }

  /// `XACK key group id …`: the group's consumers are done with these entries.
  public static func xack(_ key: String, group: String, ids: [StreamEntryID]) -> RedisCommand {
    var command = RedisCommand("XACK", key, group)
    for id in ids { command.append(id) }
    return command
  }

  /// `XDEL key id …`: removes entries from the stream.
  public static func xdel(_ key: String, ids: [StreamEntryID]) -> RedisCommand {
    var command = RedisCommand("XDEL", key)
    for id in ids { command.append(id) }
    return command
  }

  private static func read(
    _ start: RedisCommand, streams: [(key: String, position: StreamReadPosition)], count: Int?, block: Duration?
  ) -> RedisCommand {
    var command = start
    if let count {
      command.append("COUNT")
      command.append(String(count))
    }
    if let block {
      command.append("BLOCK")
      command.append(String(block.wholeMilliseconds))
    }
    command.append("STREAMS")
    for stream in streams { command.append(stream.key) }
    for stream in streams { command.append(stream.position.argument) }
    return command
  }
}
