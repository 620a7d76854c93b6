import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwitchyardDiagnostics
import SwitchyardNet
import SwitchyardUpstream
import SwitchyardWire
import SwitchyardWorkers
import Testing

/// The long soak behind issue 14, run by hand: URLSession and ``HTTPClient`` fetch and decode
/// the same page from the same upstream in one run, and each prints its resident memory growth
/// per request and its mean latency.
///
/// ```
/// SWITCHYARD_SOAK_REQUESTS=100000 swift test -c release --filter PageFetchSoakTests
/// ```
@Suite(.serialized)
struct PageFetchSoakTests {
  static let requests = ProcessInfo.processInfo.environment["SWITCHYARD_SOAK_REQUESTS"].flatMap(Int.init)

  @Test(.enabled(if: requests != nil, "set SWITCHYARD_SOAK_REQUESTS=N to run the long soak"), .timeLimit(.minutes(30)))
  func urlSessionAgainstHTTPClient() async throws {
    let requests = try #require(Self.requests)
    try await withUpstream(UpstreamConfiguration(catalogSize: 100, feedRate: 0)) { upstream in
      let url = URL(string: "\(upstream.baseURL)/items?page=2&per_page=10")!
      let client = HTTPClient()
      let ours = try await soak("HTTPClient", requests: requests) {
        _ = try WireJSONDecoder().decode(CatalogPage.self, from: try await client.get(url).body)
      }
      let session = URLSession(configuration: .ephemeral)
      let theirs = try await soak("URLSession", requests: requests) {
        _ = try WireJSONDecoder().decode(CatalogPage.self, from: try await session.data(for: URLRequest(url: url)).0)
      }
      print("HTTPClient's mean latency is \(Double(ours / .microseconds(1)) / Double(theirs / .microseconds(1))) of URLSession's")
    }
  }

  /// Runs `fetch` a tenth of `requests` times to warm up, then `requests` times; prints the
  /// growth and returns the mean latency.
  private func soak(_ name: String, requests: Int, _ fetch: () async throws -> Void) async throws -> Duration {
    for _ in 0..<max(1, requests / 10) {
      try await fetch()
    }
    let before = try #require(ResidentMemory.currentBytes())
    let started = ContinuousClock.now
    for _ in 0..<requests {
      try await fetch()
    }
    let mean = (ContinuousClock.now - started) / requests
    let growth = try #require(ResidentMemory.currentBytes()) - before
    print("\(name): \(requests) requests, RSS +\(growth) bytes (\(Double(growth) / Double(requests)) B/request), mean \(mean) per request")
    return mean
  }
}
