/// How far a reply that arrived in several reads has been checked: where its first unchecked
/// element starts, and how many elements each enclosing aggregate still awaits.
///
/// Without it, every read of a long reply parsed it again from its first byte: a 32 MiB stream
/// read arriving 64 KiB at a time was parsed 512 times.
struct RESPReplyScan: Sendable {
  /// An aggregate whose elements are still arriving.
  struct Open: Sendable {
    /// Elements still to come: two per map or attribute pair, and an attribute's value after them.
    var remaining: Int
    /// The nesting depth of its elements.
    var depth: Int
  }

  /// Where the first element not yet checked starts.
  var offset: Int
  /// The aggregates open at ``offset``, outermost first.
  var open: [Open] = []
}

extension RESPParser {
  /// Checks the reply at ``start`` from where the last check stopped, each element as the parser
  /// checks it; returns where the reply ends once it is all in, or `nil` until more bytes arrive.
  ///
  /// Throws what ``next()`` would for these bytes: the two apply the same checks in the same order.
  mutating func scanReply(_ scan: inout RESPReplyScan) throws(RESPProtocolError) -> Int? {
    while true {
      let depth = scan.open.last?.depth ?? 0
      guard let (end, opened) = try element(at: scan.offset, depth: depth) else { return nil }
      scan.offset = end
      if let opened {
        scan.open.append(opened)
        continue
      }
      // The element is complete, and with it every aggregate it was the last element of.
      while let last = scan.open.indices.last {
        scan.open[last].remaining -= 1
        guard scan.open[last].remaining == 0 else { break }
        scan.open.removeLast()
      }
      if scan.open.isEmpty { return end }
    }
  }

  /// Checks the element at `offset` without building it: returns where it ends, or where its
  /// first element starts with the aggregate it opens; `nil` while incomplete.
  private mutating func element(
    at offset: Int, depth: Int
  ) throws(RESPProtocolError) -> (end: Int, opens: RESPReplyScan.Open?)? {
    guard offset < buffer.count else {
      needed = offset + 1
      return nil
    }
    let type = buffer[offset]
    guard Self.typeBytes.contains(type) else { throw .unknownType(byte: type, offset: offset) }
    guard let line = try line(at: offset + 1) else { return nil }
    let next = line.upperBound + 2
    switch type {
    case UInt8(ascii: ":"):
      _ = try integer(line)
    case UInt8(ascii: ","):
      _ = try double(line)
    case UInt8(ascii: "_"):
      try checkNull(line)
    case UInt8(ascii: "#"):
      _ = try boolean(line)
    case UInt8(ascii: "("):
      try checkBigNumber(line)
    case UInt8(ascii: "$"), UInt8(ascii: "!"), UInt8(ascii: "="):
      guard let end = try bulkEnd(line, at: next) else { return (next, nil) }
      guard buffer.count >= end + 2 else {
        needed = end + 2
        return nil
      }
      guard buffer[end] == UInt8(ascii: "\r"), buffer[end + 1] == UInt8(ascii: "\n") else {
        throw .missingTerminator(offset: end)
      }
      return (end + 2, nil)
    case UInt8(ascii: "*"), UInt8(ascii: "~"), UInt8(ascii: ">"):
      return (next, try count(line, depth: depth, perElement: 1).flatMap { Self.opening($0, depth: depth) })
    case UInt8(ascii: "%"):
      return (next, try count(line, depth: depth, perElement: 2).flatMap { Self.opening($0 * 2, depth: depth) })
    case UInt8(ascii: "|"):
      guard depth < limits.maxDepth else { throw .depthOverLimit(limit: limits.maxDepth) }
      let pairs = try count(line, depth: depth, perElement: 2) ?? 0
      return (next, Self.opening(pairs * 2 + 1, depth: depth))
    default:
      break
    }
    return (next, nil)
  }

  /// The aggregate of `count` elements at `depth` that stays open for them; none when empty.
  private static func opening(_ count: Int, depth: Int) -> RESPReplyScan.Open? {
    count == 0 ? nil : RESPReplyScan.Open(remaining: count, depth: depth + 1)
  }
}
