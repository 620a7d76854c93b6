/// A reply to `XREAD` or `XREADGROUP`: the entries read, or any other reply (an error, or a
/// shape the fast path does not read) as a value.
enum StreamReadsReply: Sendable {
  case reads([StreamRead])
  case value(RedisValue)
}

extension RESPParser {
  /// The next reply, read as an `XREAD`/`XREADGROUP` answer straight from the buffer into
  /// ``StreamRead``s, or `nil` until more bytes arrive.
  ///
  /// The reply both ends of the transport read most: entries become ``StreamEntry``s with no
  /// ``RedisValue`` per element in between. A reply of any other shape, or past ``limits``, is
  /// parsed by ``next()`` as usual, which checks it in full.
  mutating func nextStreamReads() throws(RESPProtocolError) -> StreamReadsReply? {
    guard buffer.count > start, buffer.count >= needed, try replyMayBeComplete() else { return nil }
    var reader = StreamReadsReader(buffer: buffer, limits: limits, offset: start)
    switch reader.reads() {
    case let .read(reads):
      try checkLength(ofReplyEndingAt: reader.offset)
      consume(upTo: reader.offset)
      return .reads(reads)
    case .incomplete:
      try awaitRestOfReply()
      return nil
    case .otherShape:
      return try next().map(StreamReadsReply.value)
    }
  }
}

/// Walks one stream-read reply in a buffer without copying it: RESP2's array of `[key,
/// entries]` or RESP3's map of key to entries, each entry `[id, [field, value, …]]`.
private struct StreamReadsReader {
  enum Outcome {
    case read([StreamRead])
    case incomplete
    case otherShape
  }

  private enum Stop: Error {
    case incomplete
    case otherShape
  }

  let buffer: [UInt8]
  let limits: RESPLimits
  var offset: Int

  init(buffer: [UInt8], limits: RESPLimits, offset: Int) {
    self.buffer = buffer
    self.limits = limits
    self.offset = offset
  }

  mutating func reads() -> Outcome {
    // Entries' fields sit five aggregates deep in RESP2's reply (four in RESP3's map); a tighter
    // limit is the general parser's to apply.
    guard limits.maxDepth >= 5 else { return .otherShape }
    do throws(Stop) {
      guard offset < buffer.count else { throw .incomplete }
      let isMap = buffer[offset] == UInt8(ascii: "%")
      guard isMap || buffer[offset] == UInt8(ascii: "*") else { throw .otherShape }
      let count = try header(isMap ? UInt8(ascii: "%") : UInt8(ascii: "*"))
      var reads: [StreamRead] = []
      // Capped as the general parser's are: a count is the server's claim.
      reads.reserveCapacity(min(count, 1024))
      for _ in 0..<count {
        if !isMap { guard try header(UInt8(ascii: "*")) == 2 else { throw .otherShape } }
        let key = String(decoding: try bulk(), as: UTF8.self)
        reads.append(StreamRead(key: key, entries: try entries()))
      }
      return .read(reads)
    } catch .incomplete {
      return .incomplete
    } catch {
      return .otherShape
    }
  }

  private mutating func entries() throws(Stop) -> [StreamEntry] {
    let count = try header(UInt8(ascii: "*"))
    var entries: [StreamEntry] = []
    entries.reserveCapacity(min(count, 1024))
    for _ in 0..<count {
      guard try header(UInt8(ascii: "*")) == 2 else { throw .otherShape }
      guard let id = StreamEntryID(bytes: try bulk()) else { throw .otherShape }
      // A deleted entry still pending for its consumer has no fields, as RESP2 or RESP3 null.
      guard offset < buffer.count else { throw .incomplete }
      if buffer[offset] == UInt8(ascii: "_") || (buffer[offset] == UInt8(ascii: "*") && peekNullArray()) {
        // `_` with anything after it, or `*-1` with more, is the general parser's to refuse.
        let nullLength = buffer[offset] == UInt8(ascii: "_") ? 0 : 2
        guard try line(after: offset).count == nullLength else { throw .otherShape }
        entries.append(StreamEntry(id: id, fields: nil))
        continue
      }
      let flat = try header(UInt8(ascii: "*"))
      guard flat.isMultiple(of: 2) else { throw .otherShape }
      var fields: [StreamField] = []
      fields.reserveCapacity(min(flat / 2, 1024))
      for _ in 0..<(flat / 2) {
        let name = String(decoding: try bulk(), as: UTF8.self)
        fields.append(StreamField(name, Array(try bulk())))
      }
      entries.append(StreamEntry(id: id, fields: fields))
    }
    return entries
  }

  /// Whether an aggregate header at `offset` is `*-1`.
  private func peekNullArray() -> Bool {
    offset + 2 < buffer.count && buffer[offset + 1] == UInt8(ascii: "-") && buffer[offset + 2] == UInt8(ascii: "1")
  }

  /// An aggregate header of `type`, its count checked against the limits.
  private mutating func header(_ type: UInt8) throws(Stop) -> Int {
    guard offset < buffer.count else { throw .incomplete }
    guard buffer[offset] == type else { throw .otherShape }
    let count = try number(try line(after: offset))
    guard count >= 0, count <= limits.maxAggregateCount / 2 else { throw .otherShape }
    return count
  }

  /// A bulk string's bytes, in place.
  private mutating func bulk() throws(Stop) -> ArraySlice<UInt8> {
    guard offset < buffer.count else { throw .incomplete }
    guard buffer[offset] == UInt8(ascii: "$") else { throw .otherShape }
    let length = try number(try line(after: offset))
    guard length >= 0, length <= limits.maxBulkLength else { throw .otherShape }
    let end = offset + length
    guard buffer.count >= end + 2 else { throw .incomplete }
    guard buffer[end] == UInt8(ascii: "\r"), buffer[end + 1] == UInt8(ascii: "\n") else { throw .otherShape }
    defer { offset = end + 2 }
    return buffer[offset..<end]
  }

  /// The line after the type byte at `typeOffset`, without its CRLF; moves past it.
  private mutating func line(after typeOffset: Int) throws(Stop) -> Range<Int> {
    let first = typeOffset + 1
    let limit = min(buffer.count - 1, first + limits.maxLineLength)
    var index = first
    while index < limit {
      if buffer[index] == UInt8(ascii: "\r") {
        guard buffer[index + 1] == UInt8(ascii: "\n") else { throw .otherShape }
        offset = index + 2
        return first..<index
      }
      index += 1
    }
    if buffer.count - first > limits.maxLineLength + 1 { throw .otherShape }
    throw .incomplete
  }

  /// A non-negative decimal of at most 18 digits.
  private func number(_ digits: Range<Int>) throws(Stop) -> Int {
    guard !digits.isEmpty, digits.count <= 18 else { throw .otherShape }
    var value = 0
    for index in digits {
      let digit = buffer[index] &- UInt8(ascii: "0")
      guard digit < 10 else { throw .otherShape }
      value = value * 10 + Int(digit)
    }
    return value
  }
}
