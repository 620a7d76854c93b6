/// Where the demo's upstream service answers: its HTTP catalogue and its WebSocket feed.
///
/// Sessions copy these into their features when they open, so every job carries its own address
/// and workers need no configuration.
public struct UpstreamEndpoints: Codable, Equatable, Sendable {
  /// The HTTP base the catalogue's pages are fetched from, e.g. `http://127.0.0.1:8080`.
  public var httpBaseURL: String
  /// The feed's WebSocket address, e.g. `ws://127.0.0.1:8080/feed`.
  public var feedURL: String

  /// Creates endpoints from their addresses.
  public init(httpBaseURL: String, feedURL: String) {
    self.httpBaseURL = httpBaseURL
    self.feedURL = feedURL
  }

  /// The endpoints of a `switchyard upstream` listening on `host`:`port`.
  public init(host: String = "127.0.0.1", port: Int) {
    self.init(httpBaseURL: "http://\(host):\(port)", feedURL: "ws://\(host):\(port)/feed")
  }
}
