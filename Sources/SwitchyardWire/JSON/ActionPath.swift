/// Reads an action's path from its JSON: the chain of enum cases, in the syntax of state paths.
///
/// A case encodes as an object with one key; an identified element (`forEach`) as
/// `{"element":{"id":…,"action":…}}`, which reads as `id=…`, so that a session's actions share the
/// prefix of that session's state: `{"sessions":{"element":{"id":"1","action":{"search":…}}}}` is
/// `sessions.id=1.search…`. Unlabelled values (`_0`) are stepped through without a component.
package enum ActionPath {
  /// Cases deeper than this are not followed; real actions nest a handful of levels.
  static let maxDepth = 32

  /// The path of `action`, such as `sessions.id=1.search.searchQueryChanged`.
  package static func of(_ action: JSONValue) -> String {
    var components: [String] = []
    var current = action
    var depth = 0
    while depth < maxDepth, case let .object(members) = current, members.count == 1, let (key, value) = members.first {
      depth += 1
      if key == "element", case let .object(element) = value, element.count == 2,
        let id = element["id"], let next = element["action"], let label = idLabel(id)
      {
        components.append("id=" + label)
        current = next
      } else {
        // An unlabelled associated value (`_0`) adds nothing a reader needs.
        if key != "_0" { components.append(key) }
        current = value
      }
    }
    return components.joined(separator: ".")
  }

  private static func idLabel(_ id: JSONValue) -> String? {
    switch id {
    case let .string(text): return text
    case let .int(number): return String(number)
    default: return nil
    }
  }
}
