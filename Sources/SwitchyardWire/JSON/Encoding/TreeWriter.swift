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
        order.sort { node.keys[$0].utf8.lexicographicallyPrecedes(node.keys[$1].utf8) }
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
