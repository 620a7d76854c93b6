/// Writes a ``TreeNode`` tree as JSON, compact or indented, keys in encoding or sorted order.
struct TreeWriter {
  var sortedKeys: Bool
  var prettyPrinted: Bool

  func write(_ node: TreeNode, to bytes: inout [UInt8], indent: Int = 0) {
    switch node.kind {
    case .empty:
      bytes.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
    case .scalar:
      bytes.append(contentsOf: node.scalar)
    case .array:
      writeContainer(count: node.children.count, open: "[", close: "]", to: &bytes, indent: indent) { index, bytes in
        write(node.children[index], to: &bytes, indent: indent + 2)
      }
    case .object:
      var order = Array(node.keys.indices)
      if sortedKeys {
        order.sort { Self.precedes(node.keys[$0], node.keys[$1]) }
      }
      writeContainer(count: order.count, open: "{", close: "}", to: &bytes, indent: indent) { position, bytes in
        let index = order[position]
        JSONWriting.appendString(node.keys[index], to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if prettyPrinted { bytes.append(UInt8(ascii: " ")) }
        write(node.children[index], to: &bytes, indent: indent + 2)
      }
    }
  }

  /// Whether `first` sorts before `second` byte by byte in UTF-8, a prefix first: the order of
  /// sorted keys, which state digests depend on. Compared in place, not by iterating the two
  /// `UTF8View`s generically.
  static func precedes(_ first: String, _ second: String) -> Bool {
    var (first, second) = (first, second)
    return first.withUTF8 { first in
      second.withUTF8 { second in
        for (a, b) in zip(first, second) where a != b { return a < b }
        return first.count < second.count
      }
    }
  }

  private func writeContainer(
    count: Int, open: Unicode.Scalar, close: Unicode.Scalar, to bytes: inout [UInt8], indent: Int,
    element: (Int, inout [UInt8]) -> Void
  ) {
    bytes.append(UInt8(ascii: open))
    for index in 0..<count {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      newline(to: &bytes, indent: indent + 2)
      element(index, &bytes)
    }
    if count > 0 { newline(to: &bytes, indent: indent) }
    bytes.append(UInt8(ascii: close))
  }

  private func newline(to bytes: inout [UInt8], indent: Int) {
    guard prettyPrinted else { return }
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
  }
}
