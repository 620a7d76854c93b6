import SwitchyardMetrics
import SwitchyardNet

/// Serves a ``MetricsRegistry`` at `GET /metrics` in Prometheus' text format, or OpenMetrics when
/// the scraper's `Accept` asks for it; rendering reads atomics on the connection's thread and never
/// waits for the main actor.
enum MetricsEndpoint {
  /// Starts serving on `port`, bound at `configuration`'s address; the caller stops the returned
  /// server.
  static func start(_ registry: MetricsRegistry, configuration: MetricsConfiguration, on port: ListeningPort) throws(HTTPServerError) -> HTTPServer {
    var server = HTTPServer.Configuration(port: port.port)
    server.host = configuration.address.host
    server.listeningPort = port
    var router = HTTPRouter()
    router.add(.get, "/metrics") { request in
      guard let token = configuration.token, !request.carries(token: token) else { return scrape(request, registry) }
      var response = HTTPResponse.status(401, detail: "/metrics needs the token given to --metrics-token, as a Bearer header")
      response.headers["WWW-Authenticate"] = #"Bearer realm="switchyard metrics""#
      return response
    }
    return try HTTPServer.start(configuration: server, router: router)
  }

  private static func scrape(_ request: HTTPRequest, _ registry: MetricsRegistry) -> HTTPResponse {
    let format = ExpositionFormat(accept: request.headers["Accept"])
    var response = HTTPResponse(body: Array(registry.render(format).utf8))
    response.headers["Content-Type"] = format.contentType
    return response
  }
}
