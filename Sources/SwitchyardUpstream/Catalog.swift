import SwitchyardCatalog

/// The upstream's catalog: `size` items whose ids and titles depend only on their position, so
/// every run, test and client sees the same pages.
struct Catalog: Sendable {
  let size: Int

  private static let adjectives = [
    "Amber", "Brisk", "Cobalt", "Dusky", "Ember", "Frosted", "Gilded", "Hollow", "Ivory", "Jade",
    "Keen", "Lunar", "Misty", "Nimble", "Oaken", "Pale", "Quiet", "Rustic", "Silver", "Tidal",
  ]
  private static let nouns = [
    "Anchor", "Beacon", "Compass", "Drift", "Engine", "Ferry", "Gauge", "Harbor", "Junction", "Lantern",
    "Mooring", "Signal", "Switch", "Trestle", "Viaduct", "Wagon", "Yard",
  ]

  /// The item at `id`, from 1; the pairing walks both word lists at coprime strides so
  /// neighbouring items read differently.
  func item(_ id: Int) -> CatalogItem {
    let adjective = Self.adjectives[(id * 7) % Self.adjectives.count]
    let noun = Self.nouns[(id * 3) % Self.nouns.count]
    return CatalogItem(id: id, title: "\(adjective) \(noun) \(id)")
  }

  /// Page `page` (from 1) of `perPage` items; past the end, an empty page without more.
  func page(_ page: Int, perPage: Int) -> CatalogPage {
    // Multiplying first could overflow for absurd pages; the query limits keep both small, but a
    // page past the end must still be empty rather than a trap.
    let (skipped, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
    guard !overflow, skipped < size else { return CatalogPage(items: [], page: page, hasMore: false) }
    let last = min(size, skipped + perPage)
    return CatalogPage(items: (skipped + 1...last).map(item), page: page, hasMore: last < size)
  }
}
