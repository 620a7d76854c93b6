import SwitchyardWire

/// One change between two values of a state slice, as `status --follow` prints it: a JSON Patch
/// operation (RFC 6902) on a dotted state path, plus `append` for elements added at an array's end.
///
/// A feed that keeps its last hundred messages gains one message and loses its oldest: that is one
/// `append` of the new message, not a hundred replaced elements.
package struct StateEdit: Encodable, Equatable, Sendable {
  /// What happened at ``path``.
  package enum Operation: String, Encodable, Sendable {
    /// A key or element that was not there.
    case add
    /// A key or element that is gone.
    case remove
    /// A value that is different.
    case replace
    /// Elements added at an array's end (its oldest perhaps dropped): ``StateEdit/values``.
    case append
  }

  package var op: Operation
  /// The dotted path, as `status --state` takes it: objects by key, arrays of objects with an
  /// `id` by `id=…`, other arrays by index; `""` for the slice itself.
  package var path: String
  /// The new value, for `add` and `replace`.
  package var value: JSONValue?
  /// The elements appended, for `append`.
  package var values: [JSONValue]?

  /// The edits that turn `before` into `after`.
  package static func edits(from before: JSONValue, to after: JSONValue) -> [StateEdit] {
    var edits: [StateEdit] = []
    compare(before, after, path: [], into: &edits)
    return edits
  }

  private static func compare(_ before: JSONValue, _ after: JSONValue, path: [String], into edits: inout [StateEdit]) {
    guard before != after else { return }
    switch (before, after) {
    case let (.object(old), .object(new)):
      for key in Set(old.keys).union(new.keys).sorted() {
        compare(old[key], new[key], path: path + [key], into: &edits)
      }
    case let (.array(old), .array(new)):
      if let pairs = old.pairedByID(with: new) {
        for (id, before, after) in pairs { compare(before, after, path: path + ["id=" + id], into: &edits) }
      } else if let appended = appended(to: old, in: new) {
        edits.append(StateEdit(op: .append, path: dotted(path), values: appended))
      } else {
        for index in 0..<max(old.count, new.count) {
          let before: JSONValue? = old.indices.contains(index) ? old[index] : .none
          let after: JSONValue? = new.indices.contains(index) ? new[index] : .none
          compare(before, after, path: path + [String(index)], into: &edits)
        }
      }
    default:
      edits.append(StateEdit(op: .replace, path: dotted(path), value: after))
    }
  }

  private static func compare(_ before: JSONValue?, _ after: JSONValue?, path: [String], into edits: inout [StateEdit]) {
    switch (before, after) {
    case let (before?, after?): compare(before, after, path: path, into: &edits)
    case (.some, nil): edits.append(StateEdit(op: .remove, path: dotted(path)))
    case let (nil, after?): edits.append(StateEdit(op: .add, path: dotted(path), value: after))
    case (nil, nil): break
    }
  }

  /// The elements `new` adds at the end of `old`, when `new` is `old` with some of its first
  /// elements dropped and others appended (a sliding window); `nil` otherwise.
  private static func appended(to old: [JSONValue], in new: [JSONValue]) -> [JSONValue]? {
    guard !old.isEmpty else { return new }
    for dropped in 0..<old.count {
      let kept = old[dropped...]
      if kept.count < new.count, new.starts(with: kept) { return Array(new[kept.count...]) }
    }
    return nil
  }

  private static func dotted(_ path: [String]) -> String {
    path.joined(separator: ".")
  }
}
