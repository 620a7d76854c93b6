/// A parsed JSON text: its bytes and the flat list of its values (see ``JSONNode``).
///
/// Both live in a manual allocation the document owns, so reads need neither bounds checks nor
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
  /// The one allocation that holds the usual node list and then the bytes: a frame's parse costs
  /// one `malloc` for both. A text with more values than guessed has its nodes elsewhere.
  private let storage: UnsafeMutableRawPointer

  /// A `null` node after the root's subtree, standing in for absent values (`superDecoder(forKey:)`).
  var nullNode: Int { nodeCount - 1 }

  /// Parses `input` completely, or throws where it stops being JSON.
  init(parsing input: some Collection<UInt8>, maxDepth: Int) throws(JSONError) {
    let count = input.count
    guard count < Int(UInt32.max) else { throw JSONError(offset: 0, reason: .inputTooLarge) }
    let nodeCapacity = JSONParser.initialNodeCapacity(byteCount: count)
    let nodeBytes = nodeCapacity * MemoryLayout<JSONNode>.stride
    let storage = UnsafeMutableRawPointer.allocate(
      byteCount: nodeBytes + max(count, 1), alignment: MemoryLayout<JSONNode>.alignment)
    let roomForNodes = storage.bindMemory(to: JSONNode.self, capacity: nodeCapacity)
    let bytes = (storage + nodeBytes).bindMemory(to: UInt8.self, capacity: max(count, 1))
    let copied = input.withContiguousStorageIfAvailable { source in
      if let base = source.baseAddress { bytes.initialize(from: base, count: source.count) }
      return true
    }
    if copied == nil {
      _ = UnsafeMutableBufferPointer(start: bytes, count: count).initialize(from: input)
    }
    var parser = JSONParser(
      bytes: UnsafeBufferPointer(start: bytes, count: count), maxDepth: maxDepth,
      nodes: roomForNodes, nodeCapacity: nodeCapacity)
    do {
      try parser.parse()
    } catch {
      storage.deallocate()
      throw error
    }
    self.storage = storage
    self.bytes = bytes
    self.byteCount = count
    (nodes, nodeCount) = parser.takeNodes()
  }

  deinit {
    if UnsafeMutableRawPointer(nodes) != storage { nodes.deallocate() }
    storage.deallocate()
  }

  /// The bytes of a string's contents or a number.
  @inline(__always)
  func span(of index: Int) -> UnsafeBufferPointer<UInt8> {
    let node = nodes[index]
    return UnsafeBufferPointer(start: bytes + Int(node.start), count: Int(node.length))
  }
}
