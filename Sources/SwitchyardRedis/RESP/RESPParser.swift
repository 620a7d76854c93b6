/// Turns the bytes a Redis server sends into ``RedisValue``s, however the bytes are split.
///
/// Feed it what each read returns with ``append(_:)`` and take replies with ``next()`` until it
/// returns `nil` (more bytes needed). Every length, count and depth is checked against
/// ``limits`` as soon as its header is in, before anything is buffered for it.
public struct RESPParser: Sendable {
  /// The bounds replies must stay within.
  public var limits: RESPLimits
  /// The bytes received; those before ``start`` were returned already.
  private(set) var buffer: [UInt8] = []
  private(set) var start = 0
  /// A parse that ran out of bytes needs at least this many buffered before it can succeed.
  var needed = 0
  /// How far the reply at ``start`` is checked, once a read ended before it did: later reads are
  /// checked from there, and the reply parsed once it is all in.
  var scanned: RESPReplyScan?

  /// Creates a parser with nothing buffered.
  public init(limits: RESPLimits = .default) {
    self.limits = limits
  }

  /// Bytes received and not yet returned as a reply.
  public var bufferedByteCount: Int {
    buffer.count - start
  }

  /// Adds bytes read from the server.
  public mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 0, start >= buffer.count / 2 {
      buffer.removeSubrange(0..<start)
      needed -= start
      scanned?.offset -= start
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete reply, or `nil` until more bytes arrive.
  public mutating func next() throws(RESPProtocolError) -> RedisValue? {
    guard buffer.count > start, buffer.count >= needed, try replyMayBeComplete() else { return nil }
    var offset = start
    let parsed: RedisValue?
    do {
      parsed = try value(at: &offset, depth: 0)
    } catch {
      throw error.counted(from: start)
    }
    guard let value = parsed else {
      try awaitRestOfReply()
      return nil
    }
    // A reply whole in one read never waited for bytes, so no header's check saw its length.
    try checkLength(ofReplyEndingAt: offset)
    consume(upTo: offset)
    return value
  }

  /// Marks the bytes before `offset` as returned: for a reply read in place, as
  /// ``nextStreamReads()`` does.
  mutating func consume(upTo offset: Int) {
    start = offset
    needed = 0
    scanned = nil
  }

  /// Notes that the reply at ``start`` is not all in: its bytes so far are checked now, and
  /// later reads from where this check stops.
  mutating func awaitRestOfReply() throws(RESPProtocolError) {
    scanned = RESPReplyScan(offset: start)
    _ = try replyMayBeComplete()
  }

  /// Whether the reply at ``start`` may be all in: always, unless a read ended before it did, when
  /// the bytes since are checked first, from where the last check stopped.
  mutating func replyMayBeComplete() throws(RESPProtocolError) -> Bool {
    guard var scan = scanned.take() else { return true }
    let end: Int?
    do {
      end = try scanReply(&scan)
    } catch {
      throw error.counted(from: start)
    }
    guard end == nil else { return true }
    scanned = scan
    try checkReplyLength()
    return false
  }

  /// Refuses a reply that needs more than ``RESPLimits/maxReplyLength`` bytes, as soon as a
  /// header announces them, before they are buffered.
  private func checkReplyLength() throws(RESPProtocolError) {
    try checkLength(ofReplyEndingAt: needed)
  }

  /// Refuses a reply from ``start`` to `end` longer than ``RESPLimits/maxReplyLength``.
  func checkLength(ofReplyEndingAt end: Int) throws(RESPProtocolError) {
    if end - start > limits.maxReplyLength { throw .replyOverLimit(limit: limits.maxReplyLength) }
  }

  private mutating func value(at offset: inout Int, depth: Int) throws(RESPProtocolError) -> RedisValue? {
    let typeOffset = offset
    guard offset < buffer.count else {
      needed = offset + 1
      return nil
    }
    // Refused before its line is looked for, so that garbage fails at its first byte.
    guard Self.typeBytes.contains(buffer[offset]) else { throw .unknownType(byte: buffer[offset], offset: offset) }
    guard let line = try line(at: offset + 1) else { return nil }
    offset = line.upperBound + 2
    switch buffer[typeOffset] {
    case UInt8(ascii: "+"):
      return .simpleString(text(line))
    case UInt8(ascii: "-"):
      return .error(RedisServerError(reply: text(line)))
    case UInt8(ascii: ":"):
      return .integer(try integer(line))
    case UInt8(ascii: "$"):
      return try bulk(line, at: &offset) { .bulkString($0) }
    case UInt8(ascii: "!"):
      return try bulk(line, at: &offset) { .error(RedisServerError(reply: String(decoding: $0, as: UTF8.self))) }
    case UInt8(ascii: "="):
      // A verbatim string's first four bytes name its format, as in `txt:`.
      return try bulk(line, at: &offset) { .bulkString(Array($0.dropFirst(4))) }
    case UInt8(ascii: "*"):
      return try aggregate(line, at: &offset, depth: depth, RedisValue.array)
    case UInt8(ascii: "~"):
      return try aggregate(line, at: &offset, depth: depth, RedisValue.set)
    case UInt8(ascii: ">"):
      return try aggregate(line, at: &offset, depth: depth, RedisValue.push)
    case UInt8(ascii: "%"):
      return try pairs(line, at: &offset, depth: depth).map(RedisValue.map)
    case UInt8(ascii: "|"):
      // Attributes describe the reply that follows; read them and return that reply. They count
      // as a level of nesting, so that a run of them (`|0` after `|0`) cannot recurse without end.
      guard depth < limits.maxDepth else { throw .depthOverLimit(limit: limits.maxDepth) }
      guard try pairs(line, at: &offset, depth: depth) != nil else { return nil }
      return try value(at: &offset, depth: depth + 1)
    case UInt8(ascii: "_"):
      try checkNull(line)
      return .null
    case UInt8(ascii: ","):
      return .double(try double(line))
    case UInt8(ascii: "#"):
      return .boolean(try boolean(line))
    case UInt8(ascii: "("):
      try checkBigNumber(line)
      return .bigNumber(text(line))
    default:
      throw .unknownType(byte: buffer[typeOffset], offset: typeOffset)
    }
  }

  static let typeBytes = Set("+-:$!=*~>%|_,#(".utf8)

  /// The range of the line starting at `offset`, without its CRLF; `nil` while incomplete.
  mutating func line(at offset: Int) throws(RESPProtocolError) -> Range<Int>? {
    let limit = min(buffer.count, offset + limits.maxLineLength + 1)
    var index = offset
    while index < limit {
      if buffer[index] == UInt8(ascii: "\r") {
        guard index + 1 < buffer.count else { break }
        guard buffer[index + 1] == UInt8(ascii: "\n") else { throw .missingTerminator(offset: index) }
        return offset..<index
      }
      index += 1
    }
    if buffer.count - offset > limits.maxLineLength + 1 { throw .lineOverLimit(limit: limits.maxLineLength) }
    needed = buffer.count + 1
    return nil
  }

  /// A bulk string's bytes made into a value by `make`; `.null` for RESP2's null, `nil` while
  /// incomplete.
  private mutating func bulk(
    _ header: Range<Int>, at offset: inout Int, _ make: ([UInt8]) -> RedisValue
  ) throws(RESPProtocolError) -> RedisValue? {
    guard let end = try bulkEnd(header, at: offset) else { return .null }
    guard buffer.count >= end + 2 else {
      needed = end + 2
      return nil
    }
    guard buffer[end] == UInt8(ascii: "\r"), buffer[end + 1] == UInt8(ascii: "\n") else {
      throw .missingTerminator(offset: end)
    }
    let bytes = Array(buffer[offset..<end])
    offset = end + 2
    return make(bytes)
  }

  /// Where the bulk string whose header is `header` and whose bytes start at `offset` ends,
  /// before its CRLF; `nil` for RESP2's null.
  func bulkEnd(_ header: Range<Int>, at offset: Int) throws(RESPProtocolError) -> Int? {
    if isStreamed(header) { throw .streamedValue(offset: header.lowerBound) }
    let length = try integer(header)
    if length == -1 { return nil }
    guard length >= 0 else { throw .invalidNumber(offset: header.lowerBound) }
    guard length <= limits.maxBulkLength else { throw .bulkOverLimit(length: Int(length), limit: limits.maxBulkLength) }
    return offset + Int(length)
  }

  /// An aggregate's elements made into a value by `make`; `.null` for RESP2's null array, `nil`
  /// while incomplete.
  private mutating func aggregate(
    _ header: Range<Int>, at offset: inout Int, depth: Int, _ make: ([RedisValue]) -> RedisValue
  ) throws(RESPProtocolError) -> RedisValue? {
    guard let count = try count(header, depth: depth, perElement: 1) else { return .null }
    var values: [RedisValue] = []
    values.reserveCapacity(min(count, 1024))
    for _ in 0..<count {
      guard let element = try value(at: &offset, depth: depth + 1) else { return nil }
      values.append(element)
    }
    return make(values)
  }

  private mutating func pairs(_ header: Range<Int>, at offset: inout Int, depth: Int) throws(RESPProtocolError) -> [RedisPair]? {
    guard let count = try count(header, depth: depth, perElement: 2) else { return [] }
    var pairs: [RedisPair] = []
    pairs.reserveCapacity(min(count, 1024))
    for _ in 0..<count {
      guard let key = try value(at: &offset, depth: depth + 1), let value = try value(at: &offset, depth: depth + 1) else {
        return nil
      }
      pairs.append(RedisPair(key: key, value: value))
    }
    return pairs
  }

  /// An aggregate's announced count, checked; `nil` for a null aggregate (`*-1`).
  func count(_ header: Range<Int>, depth: Int, perElement: Int) throws(RESPProtocolError) -> Int? {
    if isStreamed(header) { throw .streamedValue(offset: header.lowerBound) }
    let count = try integer(header)
    if count == -1 { return nil }
    guard count >= 0 else { throw .invalidNumber(offset: header.lowerBound) }
    guard count <= limits.maxAggregateCount / perElement else {
      throw .countOverLimit(count: Int(clamping: count), limit: limits.maxAggregateCount / perElement)
    }
    guard depth < limits.maxDepth || count == 0 else { throw .depthOverLimit(limit: limits.maxDepth) }
    return Int(count)
  }

  private func isStreamed(_ header: Range<Int>) -> Bool {
    header.count == 1 && buffer[header.lowerBound] == UInt8(ascii: "?")
  }

  func integer(_ line: Range<Int>) throws(RESPProtocolError) -> Int64 {
    var index = line.lowerBound
    var negative = false
    if index < line.upperBound, buffer[index] == UInt8(ascii: "-") || buffer[index] == UInt8(ascii: "+") {
      negative = buffer[index] == UInt8(ascii: "-")
      index += 1
    }
    guard index < line.upperBound else { throw .invalidNumber(offset: line.lowerBound) }
    var value: Int64 = 0
    while index < line.upperBound {
      let digit = buffer[index] &- 0x30
      guard digit < 10 else { throw .invalidNumber(offset: line.lowerBound) }
      let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(Int64(digit)) : shifted.addingReportingOverflow(Int64(digit))
      guard !overflowA, !overflowB else { throw .invalidNumber(offset: line.lowerBound) }
      value = next
      index += 1
    }
    return value
  }

  func double(_ line: Range<Int>) throws(RESPProtocolError) -> Double {
    switch text(line) {
    case "inf": return .infinity
    case "-inf": return -.infinity
    case "nan": return .nan
    case let literal:
      guard let value = Double(literal), value.isFinite else { throw .invalidScalar(offset: line.lowerBound) }
      return value
    }
  }

  /// Refuses a null's line that is not empty.
  func checkNull(_ line: Range<Int>) throws(RESPProtocolError) {
    guard line.isEmpty else { throw .invalidScalar(offset: line.lowerBound) }
  }

  /// A Boolean's line: `t` or `f`.
  func boolean(_ line: Range<Int>) throws(RESPProtocolError) -> Bool {
    guard line.count == 1, buffer[line.lowerBound] == UInt8(ascii: "t") || buffer[line.lowerBound] == UInt8(ascii: "f")
    else { throw .invalidScalar(offset: line.lowerBound) }
    return buffer[line.lowerBound] == UInt8(ascii: "t")
  }

  /// Refuses a big number's line that is not an optional minus and decimal digits.
  func checkBigNumber(_ line: Range<Int>) throws(RESPProtocolError) {
    let digits = buffer[line].first == UInt8(ascii: "-") ? line.dropFirst() : line[...]
    guard !digits.isEmpty, digits.allSatisfy({ buffer[$0] >= 0x30 && buffer[$0] <= 0x39 }) else {
      throw .invalidNumber(offset: line.lowerBound)
    }
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: buffer[range], as: UTF8.self)
  }
}
