import Foundation
import Synchronization
import SwitchyardNet
import SwitchyardTestSupport
import SwitchyardWire
@testable import SwitchyardRuntime

/// The clients every operator is, served all through the network fuzz: `status` and `send` over
/// TCP with the control token, the inspector's page and its live WebSocket stream, and a metrics
/// scrape. Each paces itself and runs until its tally's storm is over.
enum WellBehavedNetworkClients {
  /// `status` and a probe action over the TCP control listener, each answered.
  static func control(port: UInt16, token: String, tally: FuzzTally) {
    do {
      let client = try ControlClient(address: "tcp://127.0.0.1:\(port)", token: token, timeout: .seconds(30))
      try MutatedControlRequestFuzzTests.beWellBehaved(client, naming: "tcp", tally: tally)
    } catch {
      tally.problem("the well-behaved TCP control client was not answered: \(error)")
    }
  }

  /// A GET of `target` with `header` on a connection of its own, answered 200 with `expected` in the body.
  static func get(port: UInt16, target: String, header: String, expecting expected: String, tally: FuzzTally) {
    guard let fd = connectLoopback(port: port) else { return tally.problem("the well-behaved GET \(target) could not connect") }
    let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(header)Connection: close\r\n\r\n"
    let exchange = RawExchange.run(fd: fd, writing: Array(request.utf8), ending: .keepOpen)
    let reader = HTTPResponseReader(exchange.received)
    guard let response = reader.responses.first, response.status == 200,
      String(decoding: response.body, as: UTF8.self).contains(expected)
    else {
      return tally.problem("the well-behaved GET \(target) was answered \(HTTPResponseReader.show(exchange.received[...])) (\(exchange.failure ?? reader.failure ?? ""))")
    }
    tally.noteWellBehaved()
  }

  /// The page and a scrape, every 200 ms.
  static func pageAndScrape(inspector: HTTPFuzzListener, metrics: HTTPFuzzListener, inspectorTally: FuzzTally, metricsTally: FuzzTally) {
    while !inspectorTally.stormOver.load(ordering: .relaxed) {
      get(port: inspector.port, target: "/?token=\(inspector.token)", header: "", expecting: "<title>Switchyard inspector</title>", tally: inspectorTally)
      get(
        port: metrics.port, target: "/metrics", header: "Authorization: Bearer \(metrics.token)\r\n",
        expecting: "switchyard_effects_started_total", tally: metricsTally)
      Thread.sleep(forTimeInterval: 0.2)
    }
  }

  /// The inspector's live stream, read until the storm is over: it must keep coming (the status
  /// at least every second) and end with the close this page asks for.
  static func stream(port: UInt16, token: String, tally: FuzzTally) async {
    do {
      guard let url = URL(string: "ws://127.0.0.1:\(port)/socket?token=\(token)") else { throw TimedOut(what: "a URL") }
      let connection = try await WebSocketClient.connect(to: url, timeout: .seconds(30), maxMessageSize: 64 << 20)
      var last = ContinuousClock.now
      var longestGap = Duration.zero
      var messages = 0
      for try await message in connection.messages {
        guard case let .text(text) = message, text.hasPrefix("{") else { throw TimedOut(what: "a JSON text message, got \(message)") }
        messages += 1
        longestGap = max(longestGap, last.duration(to: .now))
        last = .now
        if tally.stormOver.load(ordering: .relaxed) { break }
      }
      guard connection.isOpen else { throw TimedOut(what: "the live stream to stay open; it closed after \(messages) messages") }
      if longestGap > .seconds(30) { tally.problem("the live stream went \(longestGap) without a message") }
      await connection.close()
      if messages < 3 { tally.problem("the live stream sent only \(messages) messages") }
    } catch {
      tally.problem("the well-behaved live stream failed: \(error)")
    }
  }
}
