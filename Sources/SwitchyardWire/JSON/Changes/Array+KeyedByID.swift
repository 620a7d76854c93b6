extension Array where Element == JSONValue {
  /// The elements keyed by their `id`, in order, when every element is an object with a distinct
  /// string or integer `id` (an empty array counts as such); `nil` otherwise. State diffs address
  /// such elements by `id=…`, so removing one is one change, not a shift of all that follow.
  private var keyedByID: [(String, JSONValue)]? {
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

  /// The elements of `self` and `other`, both keyed by `id`, paired by it: each id once, in the
  /// order `self` then `other` first holds it, with its element in each (absent where it is not).
  /// `nil` unless both arrays are keyed by `id`.
  package func pairedByID(with other: [JSONValue]) -> [(id: String, before: JSONValue?, after: JSONValue?)]? {
    guard let old = keyedByID, let new = other.keyedByID else { return nil }
    let (before, after) = (Dictionary(uniqueKeysWithValues: old), Dictionary(uniqueKeysWithValues: new))
    var seen = Set<String>()
    return (old + new).compactMap { id, _ in seen.insert(id).inserted ? (id, before[id], after[id]) : nil }
  }
}
