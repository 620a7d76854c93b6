import Foundation
import SwitchyardNet
import SwitchyardRuntime
import SwitchyardWire

/// What a standby coordinator (`start --ha --http`) serves where its inspector will be: a page
/// that says it stands by and names the leader, reloading itself every two seconds so that it
/// turns into the inspector once this coordinator leads.
///
/// Every path answers `503 Service Unavailable` with `Retry-After`, the WebSocket's included: a
/// load balancer's health check then sends pages to the leader, and a page's socket retries. The
/// token is asked for as the inspector asks for it.
public struct StandbyPage: Sendable {
  private let server: HTTPServer
  /// Where the page is served, with the token when one is required.
  public let url: String
  /// The log's line saying where it is served: its address, never the token.
  public let servingEvent: LogEvent

  /// Serves the page as `configuration` says; `report` tells where this coordinator stands.
  ///
  /// - Throws: ``InspectorError/cannotListen(_:)`` when the address cannot be bound.
  public static func serve(
    configuration: InspectorConfiguration, report: @escaping @Sendable () -> HighAvailabilityReport
  ) throws(InspectorError) -> StandbyPage {
    let started = try InspectorRoutes.listen(configuration: configuration) { request in answer(request, report()) }
    return StandbyPage(
      server: started, url: configuration.pageURL(port: started.port),
      servingEvent: configuration.servingEvent(port: started.port, note: "until this coordinator leads, a page that says it stands by"))
  }

  /// The port taken: the inspector of the coordinator this standby becomes serves on it too.
  public var port: UInt16 { server.port }

  /// Stops serving, so that the inspector can serve the port.
  public func stop() async {
    await server.stop()
  }

  private static func answer(_ request: HTTPRequest, _ report: HighAvailabilityReport) -> HTTPResponse {
    let leader = report.leader.map { "The leader is \($0)" + (report.leaderControlAddress.map { ", reached at \($0)" } ?? "") + "." }
      ?? "No coordinator leads yet."
    let copied = "It holds the journal through record \(report.appliedSequence), \(report.lag) behind, lease epoch \(report.epoch)."
      + (report.redisUnreachable.map { " It cannot reach Redis (\($0)), so it can neither copy nor take over." } ?? "")
    var response: HTTPResponse
    if request.path == "/" {
      response = HTTPResponse(status: 503, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html(leader, copied).utf8))
    } else {
      response = .status(503, detail: "this coordinator stands by; its inspector opens once it leads. \(leader)")
    }
    response.headers["Retry-After"] = "2"
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  private static func html(_ leader: String, _ copied: String) -> String {
    """
    <!doctype html>
    <html><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">
    <title>Switchyard: standing by</title>
    <style>body{font:15px/1.5 system-ui,sans-serif;margin:3em;color:#222}p{max-width:44em}</style></head>
    <body><h1>This coordinator stands by</h1>
    <p>\(escaped(leader))</p><p>\(escaped(copied))</p>
    <p>Its inspector opens here once it leads; this page reloads every two seconds.</p></body></html>
    """
  }

  /// `text` safe inside an HTML element: a lease names its holder as that holder wrote it.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
  }
}
