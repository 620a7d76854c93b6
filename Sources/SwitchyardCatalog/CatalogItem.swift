/// One item of the upstream service's catalog.
public struct CatalogItem: Codable, Equatable, Identifiable, Sendable {
  /// The item's position in the catalog, from 1; stable across requests.
  public var id: Int
  /// The item's title.
  public var title: String

  /// Creates an item.
  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}
