/// Prints `value` as a reader would write it: type names, labelled fields, one part per line.
///
/// Used in failure messages and by ``Reducer/_printChanges(to:)``; short values stay on one line.
func customDump(_ value: Any) -> String {
  DumpNode(value).lines(label: nil, indent: 0).joined(separator: "\n")
}

extension DumpNode {
  /// Values up to this width print on one line.
  static let inlineWidth = 72

  /// The printed lines of this value at `indent`, preceded by `label`.
  func lines(label: String?, indent: Int) -> [String] {
    let prefix = String(repeating: " ", count: indent) + (label.map { "\($0): " } ?? "")
    switch self {
    case let .leaf(text):
      return (prefix + text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    case let .composite(open, close, _, children):
      let inline = rendered
      if children.isEmpty || (prefix.count + inline.count <= Self.inlineWidth && !inline.contains("\n")) {
        return [prefix + inline]
      }
      var lines = [prefix + open]
      for (offset, child) in children.enumerated() {
        var childLines = child.node.lines(label: child.label, indent: indent + 2)
        if offset < children.count - 1 { childLines[childLines.count - 1] += "," }
        lines += childLines
      }
      lines.append(String(repeating: " ", count: indent) + close)
      return lines
    }
  }
}
