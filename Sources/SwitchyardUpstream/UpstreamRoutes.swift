import Synchronization
import SwitchyardNet

/// What each of the upstream's paths answers.
final class UpstreamRoutes: Sendable {
  private let catalog: Catalog
  private let maxPerPage: Int
  private let feed: FeedBroadcaster
  private let startedAt = ContinuousClock.now
  /// How many more `GET /items` requests get a made-up 503.
  private let failuresLeft: Mutex<Int>

  init(configuration: UpstreamConfiguration, feed: FeedBroadcaster) {
    catalog = Catalog(size: configuration.catalogSize)
    maxPerPage = configuration.maxPerPage
    failuresLeft = Mutex(configuration.failingItemsRequests)
    self.feed = feed
  }

  /// `GET /items`, `GET /health` and `GET /feed`; the router answers 404 and 405 for the rest.
  var router: HTTPRouter {
    var router = HTTPRouter()
    router.add(.get, "/items") { [self] request in items(request) }
    router.add(.get, "/health") { [self] _ in await health() }
    router.add(.get, "/feed") { [self] request in feedConnection(request) }
    return router
  }

  private func items(_ request: HTTPRequest) -> HTTPResponse {
    let failing = failuresLeft.withLock { left in
      defer { left = max(0, left - 1) }
      return left > 0
    }
    if failing {
      return .error("The service is configured to refuse this request; try again.", status: 503)
    }
    switch ItemsQuery.parse(maxPerPage: maxPerPage, request.queryValue) {
    case .success(let query):
      return .json(encoding: catalog.page(query.page, perPage: query.perPage))
    case .failure(let error):
      return .error(error.description, status: 400)
    }
  }

  private func health() async -> HTTPResponse {
    let uptime = ContinuousClock.now - startedAt
    let seconds = Double(uptime.components.seconds) + Double(uptime.components.attoseconds) / 1e18
    return .json(encoding: UpstreamHealth(ok: true, uptimeSeconds: seconds, clients: await feed.subscribers.count))
  }

  private func feedConnection(_ request: HTTPRequest) -> HTTPResponse {
    guard request.isWebSocketUpgrade else {
      var response = HTTPResponse.error("/feed is a WebSocket; connect to it with a WebSocket client (ws://).", status: 426)
      response.headers["Upgrade"] = "websocket"
      return response
    }
    // Clients only listen, so what they send is read (to answer pings and closes) and dropped.
    return .webSocket(maxMessageSize: 4096) { [feed] connection in
      await feed.subscribers.join(connection)
    }
  }
}
