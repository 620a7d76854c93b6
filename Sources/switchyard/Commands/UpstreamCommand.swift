import Foundation
import SwitchyardApplication
import SwitchyardRuntime
import SwitchyardUpstream

/// `switchyard upstream`: runs the local catalog and feed service until SIGINT or SIGTERM.
///
/// Prints the service's base URL as the first line on stdout, so scripts can read where it is.
enum UpstreamCommand {
  static let command = Command(
    name: "upstream",
    abstract: "Run the local catalog (HTTP) and feed (WebSocket) service the demo uses.",
    discussion: """
      Serves GET /items?page=N&per_page=M, GET /health and the WebSocket /feed on 127.0.0.1.
      The first line on stdout is the base URL.
      """,
    options: [
      .value("--port", "N", help: "The port on 127.0.0.1; 0 (the default) picks a free one."),
      .value("--rate", "PER_SECOND", help: "Feed messages per second to every client (default 1)."),
      .value("--items", "N", help: "The catalog's size (default 250)."),
      .value("--fail-first", "N", help: "Answer the first N /items requests with 503 (default 0)."),
    ],
    examples: ["switchyard upstream --port 8080", "switchyard upstream --rate 20 --fail-first 3"],
    run: run
  )

  @MainActor
  private static func run(_ arguments: ParsedArguments) async throws -> Int32 {
    // Caught before the URL is printed: a script that reads it and stops us at once stops us in order.
    let signals = TerminationSignals()
    var configuration = UpstreamConfiguration()
    if let port = try arguments.value("--port", as: UInt16.self) { configuration.port = port }
    if let rate = try arguments.value("--rate", as: Double.self) { configuration.feedRate = rate }
    if let items = try arguments.value("--items", as: Int.self) { configuration.catalogSize = items }
    if let count = try arguments.value("--fail-first", as: Int.self) { configuration.failingItemsRequests = count }
    let upstream = try UpstreamService.start(configuration)
    StandardStream.output.write("\(upstream.baseURL)\n")
    StandardStream.error.write("""
      switchyard: upstream \(getpid()) serving \(upstream.baseURL)/items?page=1&per_page=20, \
      \(upstream.baseURL)/health and \(upstream.feedURL); Ctrl-C stops it\n
      """)
    for await _ in signals.received { break }
    signals.finish()
    await upstream.stop()
    return 0
  }

}
