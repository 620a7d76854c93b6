/// The changes between two JSON states, as state paths: what `history` lists for an action and
/// the inspector shows for an action or between two points of history, in one syntax.
///
/// Objects are compared key by key; arrays of objects with an `id` by id (so removing one session
/// is one change, not a shift of all that follow), other arrays by index. The work is bounded:
/// at most `limit` changes are listed, and ``truncated`` says when there were more.
package struct JSONDiff: Equatable, Sendable {
  package var changes: [JSONChange] = []
  package var truncated = false

  /// The changes from `before` to `after`, at most `limit` of them.
  package init(from before: JSONValue, to after: JSONValue, limit: Int = .max) {
    var diff = Walk(limit: limit)
    diff.compare(before, after, path: [])
    changes = diff.changes
    truncated = diff.truncated
  }

  private struct Walk {
    let limit: Int
    var changes: [JSONChange] = []
    var truncated = false

    init(limit: Int) {
      self.limit = limit
    }

    mutating func compare(_ before: JSONValue, _ after: JSONValue, path: [String]) {
      guard !truncated, before != after else { return }
      switch (before, after) {
      case let (.object(old), .object(new)):
        for key in Set(old.keys).union(new.keys).sorted() {
          compare(old[key], new[key], path: path + [key])
        }
      case let (.array(old), .array(new)):
        if let pairs = old.pairedByID(with: new) {
          for (id, before, after) in pairs { compare(before, after, path: path + ["id=" + id]) }
        } else {
          for index in 0..<max(old.count, new.count) {
            // Typed, so that `nil` stays absent instead of becoming JSON `null`.
            let before: JSONValue? = old.indices.contains(index) ? old[index] : .none
            let after: JSONValue? = new.indices.contains(index) ? new[index] : .none
            compare(before, after, path: path + [String(index)])
          }
        }
      default:
        record(JSONChange(path: path.joined(separator: "."), kind: .changed, before: before, after: after))
      }
    }

    private mutating func compare(_ before: JSONValue?, _ after: JSONValue?, path: [String]) {
      switch (before, after) {
      case let (before?, after?): compare(before, after, path: path)
      case let (before?, nil): record(JSONChange(path: path.joined(separator: "."), kind: .removed, before: before))
      case let (nil, after?): record(JSONChange(path: path.joined(separator: "."), kind: .added, after: after))
      case (nil, nil): break
      }
    }

    private mutating func record(_ change: JSONChange) {
      guard changes.count < limit else {
        truncated = true
        return
      }
      changes.append(change)
    }
  }
}
