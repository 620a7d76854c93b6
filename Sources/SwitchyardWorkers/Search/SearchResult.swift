/// One record of the search corpus that matched a query, with its score.
public struct SearchResult: Codable, Equatable, Identifiable, Sendable {
  /// The record's stable id in the corpus.
  public var id: Int
  /// The record's title.
  public var title: String
  /// How well it matched; higher is better.
  public var score: Double

  /// Creates a result.
  public init(id: Int, title: String, score: Double) {
    self.id = id
    self.title = title
    self.score = score
  }
}
