/// Checks a JSON text against RFC 8259 and records its values as ``JSONNode``s, in one pass
/// without recursion, so nesting depth costs heap rather than stack.
struct JSONParser {
  private let base: UnsafePointer<UInt8>
  private let end: Int
  private let maxDepth: Int
  private var nodes: UnsafeMutablePointer<JSONNode>
  private var nodeCount = 0
  private var nodeCapacity: Int
  /// The room the caller gave, which the parser never deallocates.
  private let callerNodes: UnsafeMutablePointer<JSONNode>
  private var position = 0
  /// The innermost open container's node, or `noContainer`. While a container is open its node's
  /// `end` holds its parent's index instead, so the stack of open containers costs no allocation.
  private var innermost = JSONParser.noContainer
  private var depth = 0
  private static let noContainer = -1

  /// Parses `bytes` into `nodes`, room for `nodeCapacity` of them that the caller owns (see
  /// ``initialNodeCapacity(byteCount:)``); a larger list, if the text needs one, the parser
  /// allocates, and ``takeNodes()`` hands over.
  init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, nodes: UnsafeMutablePointer<JSONNode>, nodeCapacity: Int) {
    base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
    end = bytes.count
    self.maxDepth = maxDepth
    self.nodes = nodes
    self.nodeCapacity = nodeCapacity
    callerNodes = nodes
  }

  /// Room for the values of a text of `byteCount` bytes, enough for most texts without growing.
  ///
  /// Small messages (a worker's `emit`, a `run`) hold a value for every 5 or 6 bytes: a tighter
  /// guess would grow the list for nearly every frame, and a looser one would take a frame's
  /// document past the 1 KiB at which `malloc` sweeps its free lists.
  static func initialNodeCapacity(byteCount: Int) -> Int {
    byteCount < 4_096 ? byteCount / 5 + 4 : byteCount / 6
  }

  /// Parses the whole text, then adds the spare `null` node ``JSONDocument/nullNode`` refers to.
  mutating func parse() throws(JSONError) {
    do {
      try parseDocument()
    } catch {
      if nodes != callerNodes { nodes.deallocate() }
      throw error
    }
    append(.null, start: 0, length: 0)
  }

  /// Hands the node list to its new owner: the caller's own room, or a larger allocation that the
  /// new owner deallocates.
  func takeNodes() -> (UnsafeMutablePointer<JSONNode>, Int) { (nodes, nodeCount) }

  private mutating func parseDocument() throws(JSONError) {
    value: while true {
      skipWhitespace()
      guard position < end else { throw error(.unexpectedEnd) }
      let byte = base[position]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth < maxDepth else { throw error(.tooDeep(limit: maxDepth)) }
        let isObject = byte == UInt8(ascii: "{")
        let index = append(isObject ? .object : .array, start: position, length: 0)
        nodes[index].cursor = UInt32(index + 1)
        nodes[index].end = UInt32(bitPattern: Int32(innermost))
        innermost = index
        depth += 1
        position += 1
        skipWhitespace()
        if position < end, base[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          position += 1
          closeInnermost()
        } else {
          if isObject { try parseKey() }
          continue value
        }
      case UInt8(ascii: "\""):
        try parseString()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try parseNumber()
      case UInt8(ascii: "t"):
        try parseLiteral("true", kind: .true)
      case UInt8(ascii: "f"):
        try parseLiteral("false", kind: .false)
      case UInt8(ascii: "n"):
        try parseLiteral("null", kind: .null)
      default:
        throw error(.unexpectedByte(byte))
      }
      while innermost != JSONParser.noContainer {
        let container = innermost
        nodes[container].length += 1
        skipWhitespace()
        guard position < end else { throw error(.unexpectedEnd) }
        let byte = base[position]
        let isObject = nodes[container].kind == .object
        if byte == UInt8(ascii: ",") {
          position += 1
          if isObject { try parseKey() }
          continue value
        }
        guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
          throw error(.unexpectedByte(byte))
        }
        position += 1
        closeInnermost()
      }
      skipWhitespace()
      guard position == end else { throw error(.trailingData) }
      return
    }
  }

  private mutating func closeInnermost() {
    let container = innermost
    innermost = Int(Int32(bitPattern: nodes[container].end))
    depth -= 1
    nodes[container].end = UInt32(nodeCount)
    if nodes[container].kind == .object, nodes[container].length > 1 {
      nodes[container].hasDuplicateKeys = hasDuplicateKeys(in: container)
    }
  }

  /// Compares each pair of keys, by length first: objects on the wire have a handful of keys, so
  /// this costs less than hashing them, and it lets lookups keep their in-order fast path.
  private func hasDuplicateKeys(in object: Int) -> Bool {
    let end = Int(nodes[object].end)
    var key = object + 1
    while key < end {
      var other = Int(nodes[key + 1].end)
      while other < end {
        if keysEqual(key, other) { return true }
        other = Int(nodes[other + 1].end)
      }
      key = Int(nodes[key + 1].end)
    }
    return false
  }

  private func keysEqual(_ left: Int, _ right: Int) -> Bool {
    let a = nodes[left]
    let b = nodes[right]
    let aSpan = UnsafeBufferPointer(start: base + Int(a.start), count: Int(a.length))
    let bSpan = UnsafeBufferPointer(start: base + Int(b.start), count: Int(b.length))
    guard a.kind == .string, b.kind == .string else {
      let decode = { (kind: JSONNode.Kind, span: UnsafeBufferPointer<UInt8>) in
        kind == .string ? JSONScalars.plainString(span) : JSONScalars.unescapedString(span)
      }
      return decode(a.kind, aSpan) == decode(b.kind, bSpan)
    }
    return a.length == b.length && aSpan.elementsEqual(bSpan)
  }

  /// Parses `"key":`, leaving the position at the member's value.
  private mutating func parseKey() throws(JSONError) {
    skipWhitespace()
    guard position < end else { throw error(.unexpectedEnd) }
    guard base[position] == UInt8(ascii: "\"") else { throw error(.unexpectedByte(base[position])) }
    try parseString()
    skipWhitespace()
    guard position < end else { throw error(.unexpectedEnd) }
    guard base[position] == UInt8(ascii: ":") else { throw error(.unexpectedByte(base[position])) }
    position += 1
  }

  @inline(__always)
  private mutating func skipWhitespace() {
    while position < end {
      switch base[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  private mutating func parseLiteral(_ literal: StaticString, kind: JSONNode.Kind) throws(JSONError) {
    let length = literal.utf8CodeUnitCount
    let text = literal.utf8Start
    for offset in 0..<length {
      guard position + offset < end else { throw JSONError(offset: end, reason: .unexpectedEnd) }
      let byte = base[position + offset]
      guard byte == text[offset] else {
        throw JSONError(offset: position + offset, reason: .unexpectedByte(byte))
      }
    }
    append(kind, start: position, length: length)
    position += length
  }

  /// Parses a string from its opening quote, validating escapes and UTF-8.
  private mutating func parseString() throws(JSONError) {
    let start = position + 1
    var index = start
    var escaped = false
    while true {
      while index + 8 <= end, !ByteScan.needsAttention(ByteScan.word(at: base + index)) { index += 8 }
      while index < end {
        let byte = base[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
        index += 1
      }
      guard index < end else { throw JSONError(offset: end, reason: .unexpectedEnd) }
      let byte = base[index]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        index = try skipEscape(at: index)
      } else if byte < 0x20 {
        throw JSONError(offset: index, reason: .controlCharacterInString(byte))
      } else {
        index = try skipMultibyteScalar(at: index)
      }
    }
    append(escaped ? .escapedString : .string, start: start, length: index - start)
    position = index + 1
  }

  /// Returns the index after the escape sequence starting with the backslash at `index`.
  private func skipEscape(at index: Int) throws(JSONError) -> Int {
    guard index + 1 < end else { throw JSONError(offset: end, reason: .unexpectedEnd) }
    switch base[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index + 2
    case UInt8(ascii: "u"):
      let unit = try hexUnit(at: index + 2)
      if unit >= 0xDC00 && unit <= 0xDFFF { throw JSONError(offset: index, reason: .loneSurrogate) }
      guard unit >= 0xD800 && unit <= 0xDBFF else { return index + 6 }
      guard index + 7 < end, base[index + 6] == UInt8(ascii: "\\"), base[index + 7] == UInt8(ascii: "u")
      else { throw JSONError(offset: index, reason: .loneSurrogate) }
      let low = try hexUnit(at: index + 8)
      guard low >= 0xDC00 && low <= 0xDFFF else { throw JSONError(offset: index, reason: .loneSurrogate) }
      return index + 12
    default:
      throw JSONError(offset: index, reason: .invalidEscape)
    }
  }

  private func hexUnit(at index: Int) throws(JSONError) -> UInt16 {
    guard index + 4 <= end else { throw JSONError(offset: end, reason: .unexpectedEnd) }
    var unit: UInt16 = 0
    for offset in 0..<4 {
      guard let digit = JSONScalars.hexValue(base[index + offset]) else {
        throw JSONError(offset: index - 2, reason: .invalidEscape)
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  /// Returns the index after the multi-byte UTF-8 sequence at `index`, rejecting overlong forms,
  /// surrogates and values past U+10FFFF.
  private func skipMultibyteScalar(at index: Int) throws(JSONError) -> Int {
    let lead = base[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: throw JSONError(offset: index, reason: .invalidUTF8)
    }
    guard index + length <= end else { throw JSONError(offset: index, reason: .invalidUTF8) }
    let second = base[index + 1]
    guard second >= low && second <= high else { throw JSONError(offset: index, reason: .invalidUTF8) }
    for offset in 2..<max(length, 2) where base[index + offset] & 0xC0 != 0x80 {
      throw JSONError(offset: index, reason: .invalidUTF8)
    }
    return index + length
  }

  /// Parses `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func parseNumber() throws(JSONError) {
    let start = position
    var index = position
    var isInteger = true
    if base[index] == UInt8(ascii: "-") { index += 1 }
    guard index < end else { throw JSONError(offset: start, reason: .invalidNumber) }
    if base[index] == UInt8(ascii: "0") {
      index += 1
    } else if isDigit(base[index]) {
      while index < end && isDigit(base[index]) { index += 1 }
    } else {
      throw JSONError(offset: start, reason: .invalidNumber)
    }
    if index < end && base[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < end && isDigit(base[index]) else { throw JSONError(offset: start, reason: .invalidNumber) }
      while index < end && isDigit(base[index]) { index += 1 }
    }
    var hasExponent = false
    if index < end && (base[index] | 0x20) == UInt8(ascii: "e") {
      isInteger = false
      hasExponent = true
      index += 1
      if index < end && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) { index += 1 }
      guard index < end && isDigit(base[index]) else { throw JSONError(offset: start, reason: .invalidNumber) }
      while index < end && isDigit(base[index]) { index += 1 }
    }
    // Only an exponent or more than 308 digits can pass Double's range; checking here keeps ±inf,
    // which no encoder can write back, out of every decoded value.
    if hasExponent || index - start > 308,
      !JSONScalars.double(UnsafeBufferPointer(start: base + start, count: index - start)).isFinite
    {
      throw JSONError(offset: start, reason: .numberOutOfRange)
    }
    append(isInteger ? .integer : .number, start: start, length: index - start)
    position = index
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  @discardableResult
  private mutating func append(_ kind: JSONNode.Kind, start: Int, length: Int) -> Int {
    if nodeCount == nodeCapacity {
      let grown = UnsafeMutablePointer<JSONNode>.allocate(capacity: nodeCapacity * 2)
      grown.moveInitialize(from: nodes, count: nodeCount)
      if nodes != callerNodes { nodes.deallocate() }
      nodes = grown
      nodeCapacity *= 2
    }
    nodes[nodeCount] = JSONNode(
      start: UInt32(start), length: UInt32(length), end: UInt32(nodeCount + 1), cursor: 0, kind: kind)
    nodeCount += 1
    return nodeCount - 1
  }

  private func error(_ reason: JSONError.Reason) -> JSONError {
    JSONError(offset: position, reason: reason)
  }
}
