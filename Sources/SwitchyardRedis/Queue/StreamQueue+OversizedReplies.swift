extension StreamQueue {
  /// Deletes the entries among the next `count` replies after `id` that hold more than `limit`
  /// bytes, and returns them as rejected: a reader whose client refuses such an entry
  /// (``RESPLimits``) would otherwise stop at it for ever.
  ///
  /// Sizes are measured by a script inside Redis, one entry at a time, so the client never
  /// receives an oversized entry.
  public func dropOversizedReplies(after id: StreamEntryID, count: Int, limit: Int) throws(RedisError) -> [RejectedEntry] {
    // The script reads each entry whole, tens of MiB for the ones it is for, which took a loaded
    // Redis past the read timeout: the entry was then deleted, and its warning never written.
    let reply = try connection.evaluate(
      Self.dropOversizedScript, keys: [layout.replies],
      arguments: [Array("(\(id)".utf8), Array(String(count).utf8), Array(String(limit).utf8)], serverWait: .seconds(30))
    var dropped: [RejectedEntry] = []
    for pair in reply.elements ?? [] {
      guard let parts = pair.elements, parts.count == 2, let id = parts[0].bytes.flatMap({ StreamEntryID(bytes: $0[...]) }),
        let bytes = parts[1].integer
      else { throw .unexpectedReply(command: "EVALSHA", reply: reply.summary) }
      dropped.append(RejectedEntry(stream: layout.replies, id: id, error: .oversized(bytes: Int(bytes), limit: limit)))
    }
    return dropped
  }

  /// KEYS[1] the stream; ARGV: where to start (an `XRANGE` bound), how many entries to look at,
  /// the most bytes an entry may hold. Deletes the larger ones and returns `[id, bytes]` of each.
  static let dropOversizedScript = RedisScript(
    """
    local dropped = {}
    local start = ARGV[1]
    for _ = 1, tonumber(ARGV[2]) do
      local entry = redis.call('XRANGE', KEYS[1], start, '+', 'COUNT', 1)[1]
      if not entry then break end
      local size = 0
      for _, part in ipairs(entry[2]) do size = size + #part end
      if size > tonumber(ARGV[3]) then
        redis.call('XDEL', KEYS[1], entry[1])
        dropped[#dropped + 1] = {entry[1], size}
      end
      start = '(' .. entry[1]
    end
    return dropped
    """)
}
