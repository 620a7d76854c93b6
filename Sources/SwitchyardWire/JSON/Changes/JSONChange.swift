/// One difference between two states: a value added, removed or replaced at a path.
public struct JSONChange: Codable, Equatable, Sendable {
  /// What happened at ``path``.
  public enum Kind: String, Codable, Sendable {
    case added, removed, changed
  }

  /// Where, in the state path syntax (`sessions.id=1.search.query`).
  public var path: String
  /// What happened there.
  public var kind: Kind
  /// The value before; absent when added.
  public var before: JSONValue?
  /// The value after; absent when removed.
  public var after: JSONValue?

  /// A change at `path`.
  public init(path: String, kind: Kind, before: JSONValue? = nil, after: JSONValue? = nil) {
    self.path = path
    self.kind = kind
    self.before = before
    self.after = after
  }
}
