/// Direct reading of the collections messages carry most (capabilities, counters, pool sizes),
/// skipping the keyed container and the per-key `CodingKey` values `Dictionary.init(from:)`
/// creates. Errors are the same the general path would throw.
extension TapeDecoder {
  /// Whether `T` is one of the collections handled here.
  ///
  /// Asked apart from decoding, so the generic caller needs no `T?`, whose metadata it would look
  /// up on every call.
  @inline(__always)
  static func isCommonCollection<T>(_ type: T.Type) -> Bool {
    T.self == [String].self || T.self == [String: Int64].self || T.self == [String: Int].self
      || T.self == [String: String].self
  }

  /// Reads the node as `T`, one of the collections ``isCommonCollection(_:)`` accepts.
  func decodeCommonCollection<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
    if T.self == [String].self {
      return unsafeBitCast(try readArray(at: index) { try decodeString(at: $0) }, to: T.self)
    } else if T.self == [String: Int64].self {
      return unsafeBitCast(try readObject(at: index) { try decodeInteger(Int64.self, at: $0) }, to: T.self)
    } else if T.self == [String: Int].self {
      return unsafeBitCast(try readObject(at: index) { try decodeInteger(Int.self, at: $0) }, to: T.self)
    }
    precondition(T.self == [String: String].self, "\(T.self) is not a collection TapeDecoder reads directly")
    return unsafeBitCast(try readObject(at: index) { try decodeString(at: $0) }, to: T.self)
  }

  private func readArray<Element>(at index: Int, _ read: (Int) throws -> Element) throws -> [Element] {
    let node = document.nodes[index]
    guard node.kind == .array else { throw mismatch([Any].self, at: index) }
    var elements: [Element] = []
    elements.reserveCapacity(Int(node.length))
    var child = index + 1
    while child < Int(node.end) {
      elements.append(try read(child))
      child = Int(document.nodes[child].end)
    }
    return elements
  }

  private func readObject<Value>(at index: Int, _ read: (Int) throws -> Value) throws -> [String: Value] {
    let node = document.nodes[index]
    guard node.kind == .object else { throw mismatch([String: Any].self, at: index) }
    var members: [String: Value] = Dictionary(minimumCapacity: Int(node.length))
    var key = index + 1
    while key < Int(node.end) {
      members[document.string(at: key)] = try read(key + 1)
      key = Int(document.nodes[key + 1].end)
    }
    return members
  }
}
