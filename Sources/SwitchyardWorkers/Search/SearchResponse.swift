/// The answer to the query that survived a debounce window.
public struct SearchResponse: Codable, Equatable, Sendable {
  /// The query the results are for.
  public var query: String
  /// The best matches, highest score first.
  public var results: [SearchResult]
  /// How many records matched in all, before the limit.
  public var totalMatches: Int

  /// Creates a response.
  public init(query: String, results: [SearchResult], totalMatches: Int) {
    self.query = query
    self.results = results
    self.totalMatches = totalMatches
  }
}
