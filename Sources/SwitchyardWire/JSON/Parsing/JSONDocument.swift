/// A parsed JSON text: its bytes and the flat list of its values (see ``JSONNode``).
///
/// Both live in manual allocations the document owns, so reads need neither bounds checks nor
/// the exclusivity checks a class's array properties would cost.
///
/// A document is immutable once parsed but for each object's lookup hint (``JSONNode/cursor``),
/// a position any value leaves correct, so two threads decoding one ``RawJSON`` at once can only
/// cost each other a lookup's head start.
final class JSONDocument: @unchecked Sendable {
  let bytes: UnsafeMutablePointer<UInt8>
  let byteCount: Int
  let nodes: UnsafeMutablePointer<JSONNode>
  let nodeCount: Int

  /// A `null` node after the root's subtree, standing in for absent values (`superDecoder(forKey:)`).
  var nullNode: Int { nodeCount - 1 }

  /// Parses `input` completely, or throws where it stops being JSON.
  init(parsing input: some Collection<UInt8>, maxDepth: Int) throws(JSONError) {
    let count = input.count
    guard count < Int(UInt32.max) else { throw JSONError(offset: 0, reason: .inputTooLarge) }
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
    let copied = input.withContiguousStorageIfAvailable { source in
      if let base = source.baseAddress { bytes.initialize(from: base, count: source.count) }
      return true
    }
    if copied == nil {
      _ = UnsafeMutableBufferPointer(start: bytes, count: count).initialize(from: input)
    }
    var parser = JSONParser(bytes: UnsafeBufferPointer(start: bytes, count: count), maxDepth: maxDepth)
    do {
      try parser.parse()
    } catch {
      bytes.deallocate()
      throw error
    }
    self.bytes = bytes
    self.byteCount = count
    (nodes, nodeCount) = parser.takeNodes()
  }

  deinit {
    bytes.deallocate()
    nodes.deallocate()
  }

  /// The bytes of a string's contents or a number.
  @inline(__always)
  func span(of index: Int) -> UnsafeBufferPointer<UInt8> {
    let node = nodes[index]
    return UnsafeBufferPointer(start: bytes + Int(node.start), count: Int(node.length))
  }
}
