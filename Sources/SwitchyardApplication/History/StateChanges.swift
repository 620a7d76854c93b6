/// What changed between two states as JSON, as dotted paths `status --state` accepts.
enum StateChanges {
  /// Values longer than this are cut, so a change stays on one line.
  static let valueLimit = 40

  /// Every changed leaf, added or removed member, in path order: `search.query: "" → "copper"`.
  static func between(_ before: JSONValue, _ after: JSONValue) -> [String] {
    var changes: [String] = []
    collect(before, after, path: [], into: &changes)
    return changes
  }

  private static func collect(_ before: JSONValue?, _ after: JSONValue?, path: [String], into changes: inout [String]) {
    guard before != after else { return }
    let name = path.isEmpty ? "(state)" : path.joined(separator: ".")
    switch (before, after) {
    case let (.object(old)?, .object(new)?):
      for key in Set(old.keys).union(new.keys).sorted() {
        collect(old[key], new[key], path: path + [key], into: &changes)
      }
    case let (.array(old)?, .array(new)?):
      if let oldIDs = ids(old), let newIDs = ids(new) {
        let oldByID = Dictionary(zip(oldIDs, old), uniquingKeysWith: { first, _ in first })
        let newByID = Dictionary(zip(newIDs, new), uniquingKeysWith: { first, _ in first })
        for id in oldIDs + newIDs.filter({ oldByID[$0] == nil }) {
          collect(oldByID[id], newByID[id], path: path + ["id=\(id)"], into: &changes)
        }
      } else {
        for index in 0..<max(old.count, new.count) {
          // Not `?:` with `nil`: JSONValue takes that literal as JSON `null`.
          let before: JSONValue? = old.indices.contains(index) ? old[index] : Optional.none
          let after: JSONValue? = new.indices.contains(index) ? new[index] : Optional.none
          collect(before, after, path: path + ["\(index)"], into: &changes)
        }
      }
    case let (nil, value?):
      changes.append("\(name): added \(render(value))")
    case (_?, nil):
      changes.append("\(name): removed")
    case let (old?, new?):
      changes.append("\(name): \(render(old)) → \(render(new))")
    case (nil, nil):
      break
    }
  }

  /// The elements' `id`s, when every element is an object with a string or integer one.
  private static func ids(_ elements: [JSONValue]) -> [String]? {
    guard !elements.isEmpty else { return nil }
    var ids: [String] = []
    for element in elements {
      switch element[["id"]] {
      case let .string(id)?: ids.append(id)
      case let .int(id)?: ids.append(String(id))
      default: return nil
      }
    }
    return ids
  }

  private static func render(_ value: JSONValue) -> String {
    let text = (try? JSONText.compact(value)) ?? "?"
    return text.count > valueLimit ? String(text.prefix(valueLimit - 1)) + "…" : text
  }
}
