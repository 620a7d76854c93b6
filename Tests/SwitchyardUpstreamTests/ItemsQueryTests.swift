import SwitchyardCatalog
import Testing

@testable import SwitchyardUpstream

/// The query check and the catalog's paging on arbitrary input: every answer is a page within
/// range or a reason, never a trap.
@Suite struct ItemsQueryTests {
  @Test func acceptsOnlyIntegersInRange() {
    let query = { (page: String?, perPage: String?) in
      ItemsQuery.parse(maxPerPage: 100) { ["page": page, "per_page": perPage][$0] ?? nil }
    }
    #expect(query("3", "20") == .success(ItemsQuery(page: 3, perPage: 20)))
    #expect(query(nil, "20") == .failure(.missing("page")))
    #expect(query("1", "101") == .failure(.outOfRange("per_page", "101", 1...100)))
    #expect(query(" 1", "20") == .failure(.outOfRange("page", " 1", 1...1_000_000)))
  }

  @Test func survivesRandomParametersAndPages() {
    var generator = SystemRandomNumberGenerator()
    let pieces = "0 1 2 5 9 - + . e x % 00 100 101 9999999999999999999999".split(separator: " ").map(String.init) + [" "]
    let catalog = Catalog(size: 250)
    for _ in 0..<2000 {
      let texts = (0..<2).map { _ in
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
      }
      switch ItemsQuery.parse(maxPerPage: 100, { $0 == "page" ? texts[0] : texts[1] }) {
      case .success(let query):
        #expect((1...1_000_000).contains(query.page) && (1...100).contains(query.perPage))
        let page = catalog.page(query.page, perPage: query.perPage)
        #expect(page.items.count <= query.perPage)
        #expect(page.items.allSatisfy { (1...250).contains($0.id) })
      case .failure(let error):
        #expect(!error.description.isEmpty)
      }
    }
    #expect(catalog.page(Int.max, perPage: Int.max).items.isEmpty)
    #expect(catalog.page(25, perPage: 10) == CatalogPage(items: (241...250).map(catalog.item), page: 25, hasMore: false))
  }
}
