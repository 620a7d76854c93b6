/// Describes how `expected` and `actual` differ, structurally, or returns `nil` when they print the same.
///
/// Lines only in `expected` start with `format.removed`, lines only in `actual` with `format.added`,
/// as swift-custom-dump's `diff` writes them: unchanged fields fold to `User(…)`, and runs of
/// unchanged elements of a collection to "… (N unchanged)", so the change stands out.
package func diff<T>(_ expected: T, _ actual: T, format: DiffFormat = .default) -> String? {
  diff(DumpNode(expected), DumpNode(actual), format: format)
}

/// Describes how two dumps differ, for values that must be dumped in different contexts.
func diff(_ lhs: DumpNode, _ rhs: DumpNode, format: DiffFormat = .default) -> String? {
  guard lhs != rhs else { return nil }
  var text = DiffPrinter(format: format).diff(lhs, rhs, lhsName: nil, rhsName: nil, separator: "", indent: 0, isRoot: true)
  if text.last == "\n" { text.removeLast() }
  return text
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

/// swift-custom-dump's diff, walked over two ``DumpNode`` trees.
private struct DiffPrinter {
  let format: DiffFormat

  /// The lines showing how `lhs` became `rhs`, each ending in a newline but the last, which ends
  /// in `separator` (a comma between parts).
  func diff(
    _ lhs: DumpNode, _ rhs: DumpNode, lhsName: String?, rhsName: String?, separator: String, indent: Int, isRoot: Bool
  ) -> String {
    let rhsName = rhsName ?? lhsName
    guard lhsName != rhsName || lhs != rhs else {
      return (lhs.dump(name: rhsName, indent: indent, isRoot: isRoot, maxDepth: 0) + separator)
        .indenting(with: format.unchanged + " ")
    }
    let whole = {
      (lhs.dump(name: lhsName, indent: indent, isRoot: isRoot) + separator).indenting(with: format.removed + " ") + "\n"
        + (rhs.dump(name: rhsName, indent: indent, isRoot: isRoot) + separator).indenting(with: format.added + " ")
    }
    let parts = Parts(lhsName: lhsName, rhsName: rhsName, separator: separator, indent: indent, isRoot: isRoot)
    switch (lhs, rhs) {
    case let (.composite(kind, lhsChildren), .composite(rhsKind, rhsChildren)) where kind == rhsKind:
      let single = lhs.isSingleValueContainer || rhs.isSingleValueContainer
      guard !single else { return whole() }
      let (prefix, suffix) = kind.brackets(isRoot: isRoot)
      switch kind {
      case .structure, .tuple, .payload:
        return parts.diff(lhsChildren, rhsChildren, prefix: prefix, suffix: suffix, kind: kind, printer: self)
      case .collection, .set:
        return parts.diff(
          lhsChildren, rhsChildren, prefix: prefix, suffix: suffix, kind: kind, collapse: true,
          sorted: kind == .set, equivalent: { $0 == $1 }, printer: self
        )
      case let .dictionary(sorted):
        return parts.diff(
          lhsChildren, rhsChildren, prefix: prefix, suffix: suffix, kind: kind, collapse: true, sorted: sorted,
          printer: self
        )
      }
    case let (.string(lhsString), .string(rhsString))
    where lhsString.contains(where: \.isNewline) || rhsString.contains(where: \.isNewline):
      func lines(_ string: String) -> [DumpNode.Child] {
        string.isEmpty
          ? [] : string.split(separator: "\n", omittingEmptySubsequences: false).map { .init(label: nil, node: .leaf(String($0))) }
      }
      let hashes = String(
        repeating: "#", count: max(lhsString.hashCount(isMultiline: true), rhsString.hashCount(isMultiline: true))
      )
      return parts.diff(
        lines(lhsString), lines(rhsString), prefix: hashes + "\"\"\"",
        suffix: (rhsName != nil ? "  \"\"\"" : "\"\"\"") + hashes, kind: .tuple, elementIndent: rhsName != nil ? 2 : 0,
        elementSeparator: "", equivalent: { $0 == $1 }, printer: self
      )
    default:
      return whole()
    }
  }
}

/// The parts of two composites at one place in a diff, walked in step.
private struct Parts {
  let lhsName: String?
  let rhsName: String?
  let separator: String
  let indent: Int
  let isRoot: Bool

  /// swift-custom-dump's `diffChildren`: parts paired by `equivalent` (same label by default),
  /// unchanged runs of a `collapse`d collection folded, removals and insertions shown whole.
  func diff(
    _ lhsChildren: [DumpNode.Child], _ rhsChildren: [DumpNode.Child], prefix: String, suffix: String,
    kind: DumpNode.Kind, elementIndent: Int = 2, elementSeparator: String = ",", collapse: Bool = false,
    sorted: Bool = false, equivalent: (DumpNode.Child, DumpNode.Child) -> Bool = { $0.label == $1.label },
    printer: DiffPrinter
  ) -> String {
    let format = printer.format
    let childIndent = indent + elementIndent
    var out = (rhsName.map { "\($0): " } ?? "").appending(prefix).indenting(by: indent)
      .indenting(with: format.unchanged + " ") + "\n"
    let difference = rhsChildren.difference(from: lhsChildren, by: equivalent)
    let removals = Set(difference.removals.map(Self.offset))
    let insertions = Set(difference.insertions.map(Self.offset))
    var lhsOffset = 0
    var rhsOffset = 0
    var unchanged: [DumpNode.Child] = []

    func flushUnchanged() {
      guard collapse else { return }
      let terminator = rhsOffset - 1 == rhsChildren.count - 1 ? "\n" : elementSeparator + "\n"
      if !sorted && unchanged.count == 1 {
        out += unchanged[0].node.dump(name: unchanged[0].label, indent: childIndent, maxDepth: 0)
          .indenting(with: format.unchanged + " ") + terminator
      } else if !unchanged.isEmpty {
        out += "… (\(unchanged.count) unchanged)".indenting(by: childIndent).indenting(with: format.unchanged + " ")
          + terminator
      }
      unchanged.removeAll()
    }

    while lhsOffset < lhsChildren.count || rhsOffset < rhsChildren.count {
      let isRemoval = removals.contains(lhsOffset)
      let isInsertion = insertions.contains(rhsOffset)
      if collapse, !isRemoval, !isInsertion, lhsChildren[lhsOffset] == rhsChildren[rhsOffset] {
        unchanged.append(labelled(rhsChildren[rhsOffset], rhsOffset, kind))
        lhsOffset += 1
        rhsOffset += 1
        continue
      }
      if !sorted { flushUnchanged() }
      switch (isRemoval, isInsertion) {
      case (true, true), (false, false):
        let lhsChild = labelled(lhsChildren[lhsOffset], isRemoval ? lhsOffset : rhsOffset, kind)
        let rhsChild = labelled(rhsChildren[rhsOffset], rhsOffset, kind)
        let isLast = lhsOffset == lhsChildren.count - 1 && rhsOffset == rhsChildren.count - 1
        out += printer.diff(
          lhsChild.node, rhsChild.node, lhsName: lhsChild.label, rhsName: rhsChild.label,
          separator: isLast ? "" : elementSeparator, indent: childIndent, isRoot: false
        ) + "\n"
        lhsOffset += 1
        rhsOffset += 1
      case (true, false):
        let child = labelled(lhsChildren[lhsOffset], lhsOffset, kind)
        out += child.node.dump(name: child.label, indent: childIndent).indenting(with: format.removed + " ")
          + (lhsOffset == lhsChildren.count - 1 ? "\n" : elementSeparator + "\n")
        lhsOffset += 1
      case (false, true):
        let child = labelled(rhsChildren[rhsOffset], rhsOffset, kind)
        out += child.node.dump(name: child.label, indent: childIndent).indenting(with: format.added + " ")
          + (rhsOffset == rhsChildren.count - 1 && unchanged.isEmpty ? "\n" : elementSeparator + "\n")
        rhsOffset += 1
      }
    }
    flushUnchanged()
    out += suffix.indenting(by: indent).indenting(with: format.unchanged + " ") + separator
    return out
  }

  private static func offset(of change: CollectionDifference<DumpNode.Child>.Change) -> Int {
    switch change {
    case let .insert(offset, _, _), let .remove(offset, _, _): offset
    }
  }

  /// `child` named as it prints at `offset`: a collection's elements by index.
  private func labelled(_ child: DumpNode.Child, _ offset: Int, _ kind: DumpNode.Kind) -> DumpNode.Child {
    DumpNode.Child(label: kind.label(of: child, at: offset), node: child.node)
  }
}
