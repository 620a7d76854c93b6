/// The path of an action's cases, read from its JSON: `sessions.element.action.search.searchQueryChanged`.
///
/// How `history`, a refused `send` and a poison record name an action without printing its values.
package enum ActionJSONPath {
  /// Follows single-key objects (an enum case and its payload) and, in a payload, its `action`
  /// member (an identified element's action), until neither is there or the key is a position
  /// (`_0`, an unlabelled payload) rather than a case.
  package static func of(_ action: JSONValue) -> String {
    var components: [String] = []
    var current = action
    while case let .object(members) = current {
      if members.count == 1, let (key, value) = members.first, !isPosition(key) {
        components.append(key)
        current = value
      } else if let next = members["action"], case .object = next {
        components.append("action")
        current = next
      } else {
        break
      }
    }
    return components.joined(separator: ".")
  }

  private static func isPosition(_ key: String) -> Bool {
    key.hasPrefix("_") && key.dropFirst().allSatisfy(\.isNumber)
  }
}
