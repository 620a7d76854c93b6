import Foundation
import Testing
import SwitchyardUpstream
import SwitchyardCatalog

/// `GET /items`, `GET /health` and the answers the upstream gives to requests it cannot serve.
@Suite(.timeLimit(.minutes(3)))
struct UpstreamCatalogTests {
  @Test func pagesConcatenateToTheWholeCatalogAndTheLastHasNoMore() async throws {
    try await withUpstream(UpstreamConfiguration(catalogSize: 45, feedRate: 0)) { upstream in
      var items: [CatalogItem] = []
      var pages: [CatalogPage] = []
      for page in 1...3 {
        let (status, body) = try await upstream.get("/items?page=\(page)&per_page=20", as: CatalogPage.self)
        #expect(status == 200)
        pages.append(body)
        items += body.items
      }
      #expect(pages.map(\.page) == [1, 2, 3])
      #expect(pages.map(\.hasMore) == [true, true, false])
      #expect(items.map(\.id) == Array(1...45))
      #expect(Set(items.map(\.title)).count == 45)
    }
  }

  @Test func theCatalogIsTheSameInEveryRun() async throws {
    let first = try await withUpstream { try await $0.get("/items?page=2&per_page=5").body }
    let second = try await withUpstream { try await $0.get("/items?page=2&per_page=5").body }
    #expect(first == second)
    #expect(String(decoding: first, as: UTF8.self).hasPrefix(#"{"hasMore":true,"items":[{"id":6,"title":""#))
  }

  @Test func aPagePastTheEndIsEmptyWithoutMore() async throws {
    try await withUpstream(UpstreamConfiguration(catalogSize: 10, feedRate: 0)) { upstream in
      let justPast = try await upstream.get("/items?page=3&per_page=5", as: CatalogPage.self).body
      let farPast = try await upstream.get("/items?page=1000000&per_page=100", as: CatalogPage.self).body
      #expect(justPast == CatalogPage(items: [], page: 3, hasMore: false))
      #expect(farPast == CatalogPage(items: [], page: 1_000_000, hasMore: false))
    }
  }

  @Test(arguments: [
    ("/items", "'page' is missing"),
    ("/items?page=1", "'per_page' is missing"),
    ("/items?page=abc&per_page=5", "'page' must be an integer from 1 to 1000000; got 'abc'"),
    ("/items?page=0&per_page=5", "'page' must be an integer"),
    ("/items?page=-3&per_page=5", "'page' must be an integer"),
    ("/items?page=1&per_page=0", "'per_page' must be an integer from 1 to 100; got '0'"),
    ("/items?page=1&per_page=101", "'per_page' must be an integer from 1 to 100"),
    ("/items?page=99999999999999999999&per_page=5", "'page' must be an integer"),
    ("/items?page=1.5&per_page=5", "'page' must be an integer"),
    ("/items?page=&per_page=5", "'page' must be an integer"),
  ])
  func refusesABadQueryWith400AndAReason(path: String, reason: String) async throws {
    try await withUpstream { upstream in
      let (status, body) = try await upstream.get(path, as: UpstreamError.self)
      #expect(status == 400)
      #expect(body.error.contains(reason), "\(body.error)")
    }
  }

  @Test func answersTheFirstConfiguredRequestsWith503ThenServes() async throws {
    try await withUpstream(UpstreamConfiguration(feedRate: 0, failingItemsRequests: 2)) { upstream in
      let statuses = try await [1, 2, 3].asyncMap { _ in try await upstream.get("/items?page=1&per_page=5").status }
      #expect(statuses == [503, 503, 200])
      #expect(try await upstream.get("/health").status == 200)
    }
  }

  @Test func answersUnknownPathsAndMethodsWith404And405() async throws {
    try await withUpstream { upstream in
      #expect(try await upstream.get("/nothing").status == 404)
      #expect(try await upstream.get("/feed").status == 426)
      let answer = try await upstream.exchange(Array("DELETE /items HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8))
      #expect(answer.hasPrefix("HTTP/1.1 405 "))
      #expect(answer.contains("Allow: GET, HEAD\r\n"))
    }
  }

  @Test func healthReportsUptimeAndFeedClients() async throws {
    try await withUpstream { upstream in
      let (status, health) = try await upstream.get("/health", as: UpstreamHealth.self)
      #expect(status == 200)
      #expect(health.ok)
      #expect(health.uptimeSeconds >= 0 && health.uptimeSeconds < 60)
      #expect(health.clients == 0)
    }
  }

  /// Garbage, truncated and oversized requests each get a 4xx (or a plain close), and the service
  /// answers normally afterwards.
  @Test func refusesMalformedHTTPAndKeepsServing() async throws {
    try await withUpstream { upstream in
      let requests = [
        "\u{0}\u{1}\u{2}garbage\r\n\r\n",
        "GET\r\n\r\n",
        "GET /items?page=1&per_page=5 HTTP/1.1\r\nNo colon here\r\n\r\n",
        "GET /items?page=1&per_page=5 HTTP/9.9\r\n\r\n",
        "GET /items?page=%ZZ&per_page=5 HTTP/1.1\r\nConnection: close\r\n\r\n",
        "GET /\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\n\r\n",
        "GET /items?page=1&per_page=5 HTTP/1.1\r\nHost: a",
      ]
      for request in requests {
        let answer = try await upstream.exchange(Array(request.utf8))
        // A request cut off by the client's FIN is not answered at all: there is nothing to answer.
        let status = Int(answer.dropFirst("HTTP/1.1 ".count).prefix(3))
        #expect(status.map { (400..<500).contains($0) || $0 == 505 } ?? answer.isEmpty, "\(request.prefix(30)) → \(answer.prefix(40))")
      }
      #expect(try await upstream.get("/items?page=1&per_page=5", as: CatalogPage.self).body.items.count == 5)
    }
  }

  @Test func refusesAConfigurationThatMakesNoSense() {
    #expect(throws: UpstreamServiceError.self) { try UpstreamService.start(UpstreamConfiguration(catalogSize: -1)) }
    #expect(throws: UpstreamServiceError.self) { try UpstreamService.start(UpstreamConfiguration(feedRate: .nan)) }
    #expect(throws: UpstreamServiceError.self) { try UpstreamService.start(UpstreamConfiguration(maxPerPage: 0)) }
  }
}

extension Array {
  /// The results of `transform` on each element, one after another.
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self {
      results.append(try await transform(element))
    }
    return results
  }
}
