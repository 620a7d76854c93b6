/// Reading a document's nodes as Swift values, and naming where a node sits.
extension JSONDocument {
  /// The string at a string node.
  @inline(__always)
  func string(at index: Int) -> String {
    let kind = nodes[index].kind
    return kind == .string ? JSONScalars.plainString(span(of: index)) : JSONScalars.unescapedString(span(of: index))
  }

  /// Whether a string node spells exactly `key`.
  @inline(__always)
  func stringEquals(_ index: Int, _ key: String) -> Bool {
    let node = nodes[index]
    guard node.kind == .string else { return node.kind == .escapedString && string(at: index) == key }
    var key = key
    return key.withUTF8 { utf8 in
      utf8.count == Int(node.length) && JSONDocument.equal(utf8, bytes + Int(node.start))
    }
  }

  /// Compares eight bytes at a time: keys are short, so a call to `memcmp` would cost more than
  /// the comparison.
  @inline(__always)
  private static func equal(_ key: UnsafeBufferPointer<UInt8>, _ other: UnsafePointer<UInt8>) -> Bool {
    guard let base = key.baseAddress else { return true }
    let count = key.count
    var index = 0
    while index + 8 <= count {
      let left = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      guard left == UnsafeRawPointer(other + index).loadUnaligned(as: UInt64.self) else { return false }
      index += 8
    }
    while index < count {
      guard base[index] == other[index] else { return false }
      index += 1
    }
    return true
  }

  /// The ``JSONValue`` a node and its children stand for.
  func jsonValue(at index: Int) -> JSONValue {
    let node = nodes[index]
    switch node.kind {
    case .null: return .null
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .integer:
      if let value = JSONScalars.fixedWidth(Int64.self, span(of: index)) { return .int(value) }
      return .double(JSONScalars.double(span(of: index)))
    case .number: return .double(JSONScalars.double(span(of: index)))
    case .string, .escapedString: return .string(string(at: index))
    case .array:
      var elements: [JSONValue] = []
      elements.reserveCapacity(Int(node.length))
      var child = index + 1
      while child < Int(node.end) {
        elements.append(jsonValue(at: child))
        child = Int(nodes[child].end)
      }
      return .array(elements)
    case .object:
      var members: [String: JSONValue] = Dictionary(minimumCapacity: Int(node.length))
      var key = index + 1
      while key < Int(node.end) {
        // The first of duplicate keys wins, as in ``member(_:in:)``, so a tree and a decoder agree.
        let name = string(at: key)
        if members[name] == nil { members[name] = jsonValue(at: key + 1) }
        key = Int(nodes[key + 1].end)
      }
      return .object(members)
    }
  }

  /// The value node of `key` in the object at `object`, starting the search where the last one
  /// ended and wrapping around, so in-order reads cost one comparison per key.
  @inline(__always)
  func member(_ key: String, in object: Int) -> Int? {
    let end = Int(nodes[object].end)
    let first = object + 1
    if nodes[object].hasDuplicateKeys { return firstMember(key, from: first, to: end) }
    let cursor = Int(nodes[object].cursor)
    var candidate = cursor
    while candidate < end {
      if stringEquals(candidate, key) { return found(candidate, in: object) }
      candidate = Int(nodes[candidate + 1].end)
    }
    candidate = first
    while candidate < cursor {
      if stringEquals(candidate, key) { return found(candidate, in: object) }
      candidate = Int(nodes[candidate + 1].end)
    }
    return nil
  }

  /// Points the object's next lookup at the member after the key found at `key`, and returns the
  /// key's value node.
  @inline(__always)
  private func found(_ key: Int, in object: Int) -> Int {
    nodes[object].cursor = nodes[key + 1].end
    return key + 1
  }

  /// The value node of the first `key` in document order, for objects whose keys repeat.
  private func firstMember(_ key: String, from first: Int, to end: Int) -> Int? {
    var candidate = first
    while candidate < end {
      if stringEquals(candidate, key) { return candidate + 1 }
      candidate = Int(nodes[candidate + 1].end)
    }
    return nil
  }

  /// The coding path from the root to a node, rebuilt from the layout only when someone asks
  /// (for an error or a `codingPath` property), so decoding never pays to track it.
  func codingPath(to target: Int, from start: Int = 0) -> [any CodingKey] {
    var path: [any CodingKey] = []
    var current = start
    while current != target, current < nodeCount, target < Int(nodes[current].end) {
      let node = nodes[current]
      var child = current + 1
      var position = 0
      var found = false
      while child < Int(node.end) {
        let value = node.kind == .object ? child + 1 : child
        let valueEnd = Int(nodes[value].end)
        if target >= child && target < valueEnd {
          path.append(node.kind == .object ? WireCodingKey(string(at: child)) : WireCodingKey(position))
          current = value
          found = true
          break
        }
        child = valueEnd
        position += 1
      }
      if !found { break }
    }
    return path
  }

  /// How a node's kind reads in an error message.
  func kindDescription(at index: Int) -> String {
    switch nodes[index].kind {
    case .null: return "null"
    case .true, .false: return "a Boolean"
    case .integer, .number: return "the number \(JSONScalars.plainString(span(of: index)))"
    case .string, .escapedString: return "a string"
    case .object: return "an object"
    case .array: return "an array"
    }
  }
}
