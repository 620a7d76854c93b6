/// Describes how `expected` and `actual` differ, structurally, or returns `nil` when they print the same.
///
/// Lines only in `expected` start with `format.removed`, lines only in `actual` with `format.added`;
/// unchanged parts of large values fold into "… (N unchanged)" so the change stands out.
package func diff<T>(_ expected: T, _ actual: T, format: DiffFormat = .default) -> String? {
  diff(DumpNode(expected), DumpNode(actual), format: format)
}

/// Describes how two dumps differ, for values that must be dumped in different contexts.
func diff(_ lhs: DumpNode, _ rhs: DumpNode, format: DiffFormat = .default) -> String? {
  guard lhs != rhs else { return nil }
  return DiffPrinter(format: format).lines(lhs, rhs, label: nil, indent: 0, trailing: "").joined(separator: "\n")
}

/// The markers of a diff's lines.
package struct DiffFormat {
  var removed: String
  var added: String
  var unchanged: String

  /// `-` and `+`, as `diff -u` prints them.
  package static let `default` = DiffFormat(removed: "-", added: "+", unchanged: " ")

  /// `−` for what the test expected and `+` for what happened, unchanged lines marked with a figure
  /// space (U+2007) so they align in proportional fonts: TCA's test store's format.
  static let testStore = DiffFormat(removed: "\u{2212}", added: "+", unchanged: "\u{2007}")
}

private struct DiffPrinter {
  let format: DiffFormat

  /// Unchanged runs longer than this many lines fold into one.
  private let foldThreshold = 2

  /// The diff of `lhs` and `rhs` at `indent`; `trailing` ends each version's last line (a comma).
  func lines(_ lhs: DumpNode, _ rhs: DumpNode, label: String?, indent: Int, trailing: String) -> [String] {
    guard lhs != rhs else {
      return withComma(mark(format.unchanged, lhs.lines(label: label, indent: indent)), trailing)
    }
    guard
      case let .composite(open, close, kind, lhsChildren) = lhs,
      case let .composite(rhsOpen, rhsClose, rhsKind, rhsChildren) = rhs,
      open == rhsOpen, close == rhsClose, kind == rhsKind,
      kind == .elements || lhsChildren.map(\.label) == rhsChildren.map(\.label)
    else {
      return withComma(mark(format.removed, lhs.lines(label: label, indent: indent)), trailing)
        + withComma(mark(format.added, rhs.lines(label: label, indent: indent)), trailing)
    }
    let pad = String(repeating: " ", count: indent)
    var output = [format.unchanged + " " + pad + (label.map { "\($0): " } ?? "") + open]
    var unchanged: [[String]] = []
    func flushUnchanged() {
      let folded = unchanged.flatMap { $0 }
      if folded.count > foldThreshold {
        output.append(format.unchanged + " " + pad + "  … (\(unchanged.count) unchanged)")
      } else {
        output += folded
      }
      unchanged.removeAll()
    }
    let steps = kind == .fields
      ? zip(lhsChildren, rhsChildren).map { Step.pair($0, $1) }
      : align(lhsChildren, rhsChildren)
    for (offset, step) in steps.enumerated() {
      let comma = offset < steps.count - 1 ? "," : ""
      switch step {
      case let .pair(left, right) where left.label != right.label:
        // Another key for the same content, as a stack element under a new id: not the same element.
        flushUnchanged()
        output += withComma(mark(format.removed, left.node.lines(label: left.label, indent: indent + 2)), comma)
        output += withComma(mark(format.added, right.node.lines(label: right.label, indent: indent + 2)), comma)
      case let .pair(left, right) where left == right:
        unchanged.append(withComma(mark(format.unchanged, left.node.lines(label: left.label, indent: indent + 2)), comma))
      case let .pair(left, right):
        flushUnchanged()
        output += lines(left.node, right.node, label: left.label, indent: indent + 2, trailing: comma)
      case let .removed(child):
        flushUnchanged()
        output += withComma(mark(format.removed, child.node.lines(label: child.label, indent: indent + 2)), comma)
      case let .added(child):
        flushUnchanged()
        output += withComma(mark(format.added, child.node.lines(label: child.label, indent: indent + 2)), comma)
      }
    }
    flushUnchanged()
    output.append(format.unchanged + " " + pad + close + trailing)
    return output
  }

  private enum Step {
    case pair(DumpNode.Child, DumpNode.Child)
    case removed(DumpNode.Child)
    case added(DumpNode.Child)
  }

  /// Lines up elements by their longest common subsequence; what is left over was removed or added.
  /// Adjacent removals and additions pair up, so a changed element diffs field by field.
  private func align(_ lhs: [DumpNode.Child], _ rhs: [DumpNode.Child]) -> [Step] {
    var lengths = Array(repeating: Array(repeating: 0, count: rhs.count + 1), count: lhs.count + 1)
    for i in stride(from: lhs.count - 1, through: 0, by: -1) {
      for j in stride(from: rhs.count - 1, through: 0, by: -1) {
        lengths[i][j] = lhs[i] == rhs[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var steps: [Step] = []
    var removed: [DumpNode.Child] = []
    var added: [DumpNode.Child] = []
    func flushChanges() {
      let paired = min(removed.count, added.count)
      steps += (0..<paired).map { Step.pair(removed[$0], added[$0]) }
      steps += removed.dropFirst(paired).map(Step.removed)
      steps += added.dropFirst(paired).map(Step.added)
      removed.removeAll()
      added.removeAll()
    }
    var i = 0
    var j = 0
    while i < lhs.count || j < rhs.count {
      if i < lhs.count, j < rhs.count, lhs[i] == rhs[j] {
        flushChanges()
        steps.append(.pair(lhs[i], rhs[j]))
        i += 1
        j += 1
      } else if j < rhs.count, i == lhs.count || lengths[i][j + 1] >= lengths[i + 1][j] {
        added.append(rhs[j])
        j += 1
      } else {
        removed.append(lhs[i])
        i += 1
      }
    }
    flushChanges()
    return steps
  }

  private func mark(_ marker: String, _ lines: [String]) -> [String] {
    lines.map { marker + " " + $0 }
  }

  private func withComma(_ lines: [String], _ comma: String) -> [String] {
    guard !comma.isEmpty, let last = lines.last else { return lines }
    return lines.dropLast() + [last + comma]
  }
}
