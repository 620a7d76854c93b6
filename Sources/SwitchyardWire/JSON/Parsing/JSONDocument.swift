/// A parsed JSON text: its bytes and the flat list of its values (see ``JSONNode``).
///
/// Both live in the document's own allocation, after its header: a frame's parse costs one
/// `malloc`, and reads need neither bounds checks nor the exclusivity checks a class's array
/// properties would cost. A text with more values than guessed has its nodes elsewhere.
///
/// A document is immutable once parsed but for each object's lookup hint (``JSONNode/cursor``),
/// a position any value leaves correct, so two threads decoding one ``RawJSON`` at once can only
/// cost each other a lookup's head start: safe to share, though `ManagedBuffer` cannot say so.
final class JSONDocument: ManagedBuffer<JSONDocument.Layout, JSONNode> {
  /// Where a document's bytes and nodes are: the nodes first in its tail, then the bytes.
  struct Layout {
    var bytes: UnsafeMutablePointer<UInt8>
    var byteCount: Int
    var nodes: UnsafeMutablePointer<JSONNode>
    var nodeCount: Int
  }

  var bytes: UnsafeMutablePointer<UInt8> { withUnsafeMutablePointerToHeader { $0.pointee.bytes } }
  var byteCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.byteCount } }
  var nodes: UnsafeMutablePointer<JSONNode> { withUnsafeMutablePointerToHeader { $0.pointee.nodes } }
  var nodeCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.nodeCount } }

  /// A `null` node after the root's subtree, standing in for absent values (`superDecoder(forKey:)`).
  var nullNode: Int { nodeCount - 1 }

  /// Parses `input` completely, or throws where it stops being JSON.
  static func parsing(_ input: some Collection<UInt8>, maxDepth: Int) throws(JSONError) -> JSONDocument {
    let count = input.count
    guard count < Int(UInt32.max) else { throw JSONError(offset: 0, reason: .inputTooLarge) }
    let nodeCapacity = JSONParser.initialNodeCapacity(byteCount: count)
    let stride = MemoryLayout<JSONNode>.stride
    let byteRoom = max(count, 1)
    let buffer = create(minimumCapacity: nodeCapacity + (byteRoom + stride - 1) / stride) { buffer in
      buffer.withUnsafeMutablePointerToElements { elements in
        let bytes = UnsafeMutableRawPointer(elements + nodeCapacity).bindMemory(to: UInt8.self, capacity: byteRoom)
        return Layout(bytes: bytes, byteCount: count, nodes: elements, nodeCount: 0)
      }
    }
    // `create` makes an instance of the class it is called on.
    let document = unsafeDowncast(buffer, to: JSONDocument.self)
    let bytes = document.bytes
    let copied = input.withContiguousStorageIfAvailable { source in
      if let base = source.baseAddress { bytes.initialize(from: base, count: source.count) }
      return true
    }
    if copied == nil {
      _ = UnsafeMutableBufferPointer(start: bytes, count: count).initialize(from: input)
    }
    var parser = JSONParser(
      bytes: UnsafeBufferPointer(start: bytes, count: count), maxDepth: maxDepth,
      nodes: document.nodes, nodeCapacity: nodeCapacity)
    try parser.parse()
    let (nodes, nodeCount) = parser.takeNodes()
    document.withUnsafeMutablePointerToHeader { layout in
      layout.pointee.nodes = nodes
      layout.pointee.nodeCount = nodeCount
    }
    return document
  }

  deinit {
    withUnsafeMutablePointers { layout, elements in
      if layout.pointee.nodes != elements { layout.pointee.nodes.deallocate() }
    }
  }

  /// The bytes of a string's contents or a number.
  @inline(__always)
  func span(of index: Int) -> UnsafeBufferPointer<UInt8> {
    let node = nodes[index]
    return UnsafeBufferPointer(start: bytes + Int(node.start), count: Int(node.length))
  }
}
