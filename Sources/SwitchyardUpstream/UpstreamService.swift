import SwitchyardNet

/// The local service the demo's workers talk to, so that Switchyard needs no other server:
/// a deterministic catalog at `GET /items?page=&per_page=`, `GET /health`, and a WebSocket feed at
/// `/feed` that broadcasts a numbered, timestamped ``FeedMessage`` to every client.
///
/// ```swift
/// let upstream = try UpstreamService.start(UpstreamConfiguration(feedRate: 2))
/// print(upstream.baseURL)  // http://127.0.0.1:54321
/// await upstream.stop()
/// ```
///
/// It listens on 127.0.0.1 only. Malformed requests get 4xx answers from ``HTTPServer``; bad
/// query parameters get 400 with an ``UpstreamError`` body.
public final class UpstreamService: Sendable {
  /// How the service was started.
  public let configuration: UpstreamConfiguration
  private let server: HTTPServer
  private let feed: FeedBroadcaster

  private init(configuration: UpstreamConfiguration, server: HTTPServer, feed: FeedBroadcaster) {
    self.configuration = configuration
    self.server = server
    self.feed = feed
  }

  /// Starts listening and, if its rate is above 0, the feed.
  ///
  /// - Throws: ``UpstreamServiceError`` for a configuration that makes no sense or a port that is taken.
  public static func start(_ configuration: UpstreamConfiguration = UpstreamConfiguration()) throws(UpstreamServiceError) -> UpstreamService {
    try configuration.validate()
    let feed = FeedBroadcaster()
    let routes = UpstreamRoutes(configuration: configuration, feed: feed)
    let server: HTTPServer
    do {
      server = try HTTPServer.start(configuration: HTTPServer.Configuration(port: configuration.port), router: routes.router)
    } catch {
      throw .cannotListen(error)
    }
    feed.start(rate: configuration.feedRate)
    return UpstreamService(configuration: configuration, server: server, feed: feed)
  }

  /// The port the service listens on, on 127.0.0.1.
  public var port: UInt16 {
    server.port
  }

  /// Where the catalog is, for a `PageJob`: `http://127.0.0.1:PORT`.
  public var baseURL: String {
    "http://127.0.0.1:\(port)"
  }

  /// Where the feed is, for a `FeedJob`: `ws://127.0.0.1:PORT/feed`.
  public var feedURL: String {
    "ws://127.0.0.1:\(port)/feed"
  }

  /// Stops the feed, closes every client (feed clients with 1001, going away) and stops listening.
  public func stop() async {
    await feed.stop()
    await server.stop()
  }
}
