import Foundation

/// Prints `value` as swift-custom-dump's `customDump` does: type names, labelled fields and indexed
/// elements one per line, enum cases with their type.
///
/// Used in failure messages and by ``Reducer/_printChanges(to:)``.
func customDump(_ value: Any) -> String {
  DumpNode(value).dump(isRoot: true)
}

extension DumpNode {
  /// The printed value, preceded by `name` and indented by `indent`, as swift-custom-dump prints it.
  ///
  /// `isRoot` names an enum's type (`Action.tap`; `.tap` inside another value). Below `maxDepth`
  /// levels, parts fold into `…` (`User(…)`), as unchanged parts of a diff do.
  func dump(name: String? = nil, indent: Int = 0, isRoot: Bool = false, maxDepth: Int = .max) -> String {
    let text: String
    switch self {
    case let .leaf(description):
      text = description
    case let .string(string):
      text = Self.literal(string, named: name != nil, maxDepth: maxDepth)
    case let .enumCase(type, caseName):
      text = (isRoot ? type : "") + "." + caseName
    case .composite(.dictionary, children: []):
      text = "[:]"
    case let .composite(kind, children):
      let (prefix, suffix) = kind.brackets(isRoot: isRoot)
      text = prefix + dumpChildren(children, kind: kind, maxDepth: maxDepth) + suffix
    }
    return (name.map { "\($0): " } ?? "").appending(text).indenting(by: indent)
  }

  /// A composite's parts between its brackets: on one line when it holds one simple value
  /// (`User(id: 1)`), else one per line.
  private func dumpChildren(_ children: [Child], kind: Kind, maxDepth: Int) -> String {
    guard !children.isEmpty else { return "" }
    if isSingleValueContainer {
      let child = children[0]
      let childText = child.node.dump(name: child.label, maxDepth: maxDepth - 1)
      guard childText.contains("\n") else { return childText }
      return maxDepth <= 0 ? "…" : "\n" + childText.indenting(by: 2) + "\n"
    }
    guard maxDepth > 0 else { return "…" }
    var text = "\n"
    for (offset, child) in children.enumerated() {
      text += child.node.dump(name: kind.label(of: child, at: offset), indent: 2, maxDepth: maxDepth - 1)
      text += offset == children.count - 1 ? "\n" : ",\n"
    }
    return text
  }

  /// Whether this is a struct, tuple or enum case holding one value without parts, printed inline.
  var isSingleValueContainer: Bool {
    guard case let .composite(kind, children) = self, children.count == 1 else { return false }
    switch kind {
    case .collection, .set, .dictionary:
      return false
    case .structure, .tuple, .payload:
      switch children[0].node {
      case let .leaf(description): return !description.contains("\n")
      case .string, .enumCase: return true
      case let .composite(_, grandchildren): return grandchildren.isEmpty
      }
    }
  }

  /// A string as a Swift literal: multi-line (`"""`), raw (`#"…"#`) or quoted.
  private static func literal(_ string: String, named: Bool, maxDepth: Int) -> String {
    if string.contains(where: \.isNewline) {
      guard maxDepth > 0 else { return "\"…\"" }
      let hashes = String(repeating: "#", count: string.hashCount(isMultiline: true))
      return hashes + "\"\"\"\n" + string.indenting(by: named ? 2 : 0) + "\n"
        + (named ? "  \"\"\"" : "\"\"\"") + hashes
    }
    if string.contains("\"") || string.contains("\\") {
      let hashes = String(repeating: "#", count: max(string.hashCount(isMultiline: false), 1))
      return hashes + "\"" + string + "\"" + hashes
    }
    return string.debugDescription
  }
}

extension DumpNode.Kind {
  /// What opens and closes a composite of this kind.
  func brackets(isRoot: Bool) -> (prefix: String, suffix: String) {
    switch self {
    case let .structure(type): ("\(type)(", ")")
    case .tuple: ("(", ")")
    case let .payload(type, name): ("\(isRoot ? type : "").\(name)(", ")")
    case .collection, .dictionary: ("[", "]")
    case .set: ("Set([", "])")
    }
  }

  /// The name a part is printed with: its label, or its index in a collection (`[0]`).
  func label(of child: DumpNode.Child, at offset: Int) -> String? {
    self == .collection ? "[\(offset)]" : child.label
  }
}

extension String {
  /// Every line, empty ones too, prefixed with `count` spaces, as swift-custom-dump indents.
  func indenting(by count: Int) -> String {
    indenting(with: String(repeating: " ", count: count))
  }

  /// Every line, empty ones too, prefixed with `prefix`.
  func indenting(with prefix: String) -> String {
    guard !prefix.isEmpty else { return self }
    return prefix + replacingOccurrences(of: "\n", with: "\n" + prefix)
  }

  /// How many `#` a raw literal of this string needs so none of its own quotes end it.
  func hashCount(isMultiline: Bool) -> Int {
    let (quote, offset) = isMultiline ? ("\"\"\"", 2) : ("\"", 0)
    var rest = self[...]
    var count = 0
    while let range = rest.range(of: "(\(quote)[#]*)", options: .regularExpression) {
      count = max(rest.distance(from: range.lowerBound, to: range.upperBound) - offset, count)
      rest = rest[range.upperBound...]
    }
    return count
  }
}
