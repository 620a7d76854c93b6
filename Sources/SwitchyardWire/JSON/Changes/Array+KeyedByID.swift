extension Array where Element == JSONValue {
  /// The elements keyed by their `id`, in order, when every element is an object with a distinct
  /// string or integer `id` (an empty array counts as such); `nil` otherwise. State diffs address
  /// such elements by `id=…`, so removing one is one change, not a shift of all that follow.
  package var keyedByID: [(String, JSONValue)]? {
    var seen = Set<String>()
    var keyed: [(String, JSONValue)] = []
    for element in self {
      let id: String
      switch element[["id"]] {
      case let .string(text)?: id = text
      case let .int(number)?: id = String(number)
      default: return nil
      }
      guard seen.insert(id).inserted else { return nil }
      keyed.append((id, element))
    }
    return keyed
  }
}
