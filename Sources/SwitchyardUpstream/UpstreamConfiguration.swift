/// How an ``UpstreamService`` runs: where it listens, how big its catalog is, how fast its feed
/// talks, and what failures to fake for tests and demos.
public struct UpstreamConfiguration: Sendable {
  /// The port on 127.0.0.1; 0 picks a free one, reported by ``UpstreamService/port``.
  public var port: UInt16
  /// How many items the catalog holds; they never change.
  public var catalogSize: Int
  /// The largest `per_page` `GET /items` accepts; more gets 400.
  public var maxPerPage: Int
  /// Feed messages per second to every `/feed` client; 0 sends none.
  public var feedRate: Double
  /// How many `GET /items` requests, counted from the start, are answered 503 before the catalog
  /// answers: lets a test or a demo watch the pagination worker retry.
  public var failingItemsRequests: Int

  /// A configuration; the defaults suit the demo.
  public init(
    port: UInt16 = 0,
    catalogSize: Int = 250,
    maxPerPage: Int = 100,
    feedRate: Double = 1,
    failingItemsRequests: Int = 0
  ) {
    self.port = port
    self.catalogSize = catalogSize
    self.maxPerPage = maxPerPage
    self.feedRate = feedRate
    self.failingItemsRequests = failingItemsRequests
  }
}

extension UpstreamConfiguration {
  /// Refuses settings the service cannot honour.
  func validate() throws(UpstreamServiceError) {
    guard catalogSize >= 0 else { throw .invalidConfiguration("the catalog size must be 0 or more, not \(catalogSize)") }
    guard maxPerPage >= 1 else { throw .invalidConfiguration("the largest page must hold at least 1 item, not \(maxPerPage)") }
    guard feedRate.isFinite, feedRate >= 0, feedRate <= 1000 else {
      throw .invalidConfiguration("the feed rate must be from 0 to 1000 messages per second, not \(feedRate)")
    }
    guard failingItemsRequests >= 0 else {
      throw .invalidConfiguration("the number of failing requests must be 0 or more, not \(failingItemsRequests)")
    }
  }
}
