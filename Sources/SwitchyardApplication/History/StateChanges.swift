/// What changed between two states, one line a change, in the state path syntax `status --state`
/// takes and the inspector shows: `sessions.id=1.search.query: "" → "copper"`.
enum StateChanges {
  /// Values longer than this are cut, so a change stays on one line.
  static let valueLimit = 40

  /// Every change ``JSONDiff`` finds, in its order.
  static func between(_ before: JSONValue, _ after: JSONValue) -> [String] {
    JSONDiff(from: before, to: after).changes.map { change in
      let name = change.path.isEmpty ? "(state)" : change.path
      switch change.kind {
      case .added: return "\(name): added \(render(change.after))"
      case .removed: return "\(name): removed"
      case .changed: return "\(name): \(render(change.before)) → \(render(change.after))"
      }
    }
  }

  private static func render(_ value: JSONValue?) -> String {
    let text = value.flatMap { try? JSONText.compact($0) } ?? "?"
    return text.count > valueLimit ? String(text.prefix(valueLimit - 1)) + "…" : text
  }
}
