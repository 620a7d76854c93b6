import Foundation
import SwitchyardTestSupport
import Testing
@testable import SwitchyardNet

/// Our client and server against implementations not written here: the Python `websockets`
/// package (client and server) and curl. Each peer listens on or dials 127.0.0.1 only, and is
/// killed when its test ends.
///
/// Skipped outside CI, with the reason shown, where a peer is missing; `.ci/install-test-peers`
/// installs it.
@Suite(.timeLimit(.minutes(3)))
struct InteropTests {
  /// Runs `body` with a Python peer, and kills the peer afterwards however `body` ends.
  private func withPeer<Value: Sendable>(_ peer: PeerProcess, _ body: () async throws -> Value) async throws -> Value {
    do {
      let value = try await body()
      await peer.stop()
      return value
    } catch {
      await peer.stop()
      throw error
    }
  }

  @Test(TestPeer.pythonWebsockets.trait)
  func ourClientAgainstPythonServer() async throws {
    let server = try PeerProcess("python3", [PeerProcess.script("ws_echo_server.py")])
    try await withPeer(server) {
      let port = try #require(UInt16(try await server.firstLine()), "the Python server printed no port")
      let url = URL(string: "ws://127.0.0.1:\(port)/")!
      let ws = try await WebSocketClient.connect(to: url, timeout: .seconds(30))
      var messages = ws.messages.makeAsyncIterator()
      try await ws.send(.text("héllo"))
      #expect(try await messages.next() == .text("héllo"))
      try await ws.send(.binary(Array(0...255)))
      #expect(try await messages.next() == .binary(Array(0...255)))
      let big = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }
      try await ws.send(.binary(big))
      #expect(try await messages.next() == .binary(big))
      try await ws.send(.text("our own fragments"), fragmentSize: 4)
      #expect(try await messages.next() == .text("our own fragments"))
      try await ws.send(.text("fragments"))
      #expect(try await messages.next() == .text("one two three"))
      try await ws.ping()
      try await ws.send(.text("ping-me"))
      #expect(try await messages.next() == .text("pong received"))
      await ws.close(code: .normalClosure, reason: "swift done")
      #expect(ws.closeStatus?.code == .normalClosure)

      let second = try await WebSocketClient.connect(to: url, timeout: .seconds(30))
      try await second.send(.text("close:4001"))
      var rest: [WebSocketMessage] = []
      for try await message in second.messages {
        rest.append(message)
      }
      #expect(rest.isEmpty)
      #expect(second.closeStatus == WebSocketCloseStatus(code: WebSocketCloseCode(rawValue: 4001), reason: "asked to"))
    }
  }

  @Test(TestPeer.pythonWebsockets.trait)
  func pythonClientAgainstOurServer() async throws {
    let (events, sink) = AsyncStream.makeStream(of: ServerEvent.self)
    try await withServer(routes: { $0.addEcho("/echo", events: sink) }) { server in
      let client = try PeerProcess("python3", [PeerProcess.script("ws_client.py"), server.webSocketURL("/echo").absoluteString])
      let (status, output) = try await withPeer(client) { try await client.exit() }
      #expect(status == 0, "\(output)")
      #expect(output.hasSuffix("ok\n"), "\(output)")
      // The server saw every message, then the close: the story ends at the first non-message.
      let received = try await withTimeout(.seconds(120)) {
        var received: [ServerEvent] = []
        for await event in events {
          received.append(event)
          if case .message = event { continue }
          break
        }
        return received
      }
      #expect(received.first == .message(.text("héllo from python")))
      #expect(received.contains(.message(.text("fragmented text"))))
      #expect(received.last == .closed(WebSocketCloseStatus(code: .normalClosure, reason: "python done")))
    }
  }

  @Test(.enabled("needs curl") { await PeerProcess.succeeds("curl", ["--version"]) })
  func curlAgainstOurServer() async throws {
    var configuration = HTTPServer.Configuration()
    configuration.maxBodyBytes = 100
    try await withServer(configuration: configuration, routes: { router in
      router.add(.get, "/items") { request in
        .json(Array(#"{"page":\#(request.queryValue("page") ?? "?"),"per_page":\#(request.queryValue("per_page") ?? "?")}"#.utf8))
      }
      router.add(.post, "/echo") { request in .text(request.bodyText ?? "") }
    }) { server in
      func curl(_ arguments: String...) async throws -> String {
        let peer = try PeerProcess("curl", ["--silent", "--show-error", "--max-time", "60", "--http1.1"] + arguments)
        return try await withPeer(peer) { try await peer.exit().output }
      }
      #expect(try await curl(server.httpURL("/items?page=2&per_page=20").absoluteString) == #"{"page":2,"per_page":20}"#)
      #expect(try await curl("--data-binary", "hello curl", server.httpURL("/echo").absoluteString) == "hello curl")
      // Two URLs in one run share one keep-alive connection.
      let both = try await curl(server.httpURL("/items?page=1").absoluteString, server.httpURL("/items?page=3").absoluteString)
      #expect(both == #"{"page":1,"per_page":?}{"page":3,"per_page":?}"#)
      let codes = try await curl(
        "--output", "/dev/null", "--write-out", "%{http_code} ", server.httpURL("/missing").absoluteString, "--next",
        "--output", "/dev/null", "--write-out", "%{http_code} ", "--data-binary", String(repeating: "x", count: 101),
        server.httpURL("/echo").absoluteString)
      #expect(codes == "404 413 ")
    }
  }
}
