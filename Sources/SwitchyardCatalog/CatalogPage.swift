/// One page of the catalog, as `GET /items` answers it: `{"items": […], "page": 1, "hasMore": true}`.
public struct CatalogPage: Codable, Equatable, Sendable {
  /// The page's items, in catalog order.
  public var items: [CatalogItem]
  /// The page number, from 1.
  public var page: Int
  /// Whether a later page has items.
  public var hasMore: Bool

  /// Creates a page.
  public init(items: [CatalogItem], page: Int, hasMore: Bool) {
    self.items = items
    self.page = page
    self.hasMore = hasMore
  }
}
