import SwitchyardMetrics
import SwitchyardNet

/// A process's metrics and the server that serves them at `/metrics`, started once: with `--ha`,
/// the standby's, which the coordinator it becomes records in and serves on, so that a scraper
/// sees one target whatever the process's role.
struct ServedMetrics: Sendable {
  let registry: MetricsRegistry
  let server: HTTPServer
  /// The port scraped, which a deposed leader hands on to the standby it starts again as.
  let port: ListeningPort
  /// Where it is scraped: `http://HOST:PORT/metrics`, with the port taken.
  let url: String

  /// Starts serving `registry` as `configuration` says.
  static func start(_ registry: MetricsRegistry, configuration: MetricsConfiguration) throws(HTTPServerError) -> ServedMetrics {
    let address = configuration.address
    let port: ListeningPort
    do {
      port = try ListeningPort(host: address.host, port: address.port, inheritedAs: "SWITCHYARD_METRICS_PORT_FD")
    } catch {
      throw .cannotListen(port: address.port, reason: error.description)
    }
    let server = try MetricsEndpoint.start(registry, configuration: configuration, on: port)
    return ServedMetrics(registry: registry, server: server, port: port, url: "http://\(address.authority(port: port.port))/metrics")
  }

  /// Logs where it is scraped, as `program`: how a `--metrics …:0` scraper learns the port.
  func announce(as program: String) {
    Logger.standardError.log(.info("metrics at \(url)", .string("program", program), .string("url", url)))
  }
}
