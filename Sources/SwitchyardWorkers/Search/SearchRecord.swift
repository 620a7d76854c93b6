/// One record the search worker can find: an id stable across runs, and a title.
public struct SearchRecord: Equatable, Sendable {
  /// The record's id; ``SearchResult/id`` carries it back.
  public var id: Int
  /// The text the index tokenises and the results show.
  public var title: String

  /// Creates a record.
  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}
