import Foundation
import Testing
@testable import SwitchyardNet

/// The HTTP client against our own server and against raw loopback peers that misbehave: what
/// it sends, keep-alive reuse counted in accepted connections, retries on connections the server
/// closed, every framing, and failures that say what went wrong.
@Suite(.timeLimit(.minutes(3)))
struct HTTPClientTests {
  private func client(requestTimeout: Duration = .seconds(20), configure: (inout HTTPClient.Configuration) -> Void = { _ in }) -> HTTPClient {
    var configuration = HTTPClient.Configuration()
    configuration.requestTimeout = requestTimeout
    // Beside the whole suite a test can wait seconds for a thread between two requests, and a
    // connection idle past the default 4 s is not reused: the tests of reuse would open another.
    configuration.idleTimeout = .seconds(60)
    configure(&configuration)
    return HTTPClient(configuration: configuration)
  }

  /// The error a request threw, if it was an ``HTTPClientError``.
  private func error(of request: @autoclosure () async throws -> HTTPClientResponse) async -> HTTPClientError? {
    do {
      _ = try await request()
      return nil
    } catch {
      return error as? HTTPClientError
    }
  }

  @Test func getsFromOurServerSendingHostAndAccept() async throws {
    try await withServer(routes: { router in
      router.add(.get, "/echo") { request in
        .text("\(request.headers["Host"] ?? "-") \(request.headers["Accept"] ?? "-") \(request.queryValue("q") ?? "-")")
      }
    }) { server in
      let response = try await client().get(server.httpURL("/echo?q=a%20b"))
      #expect(response.status == 200)
      #expect(response.statusLine == "200 OK")
      #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
      #expect(String(decoding: response.body, as: UTF8.self) == "127.0.0.1:\(server.port) */* a b")
    }
  }

  @Test func postsABodyWithItsLength() async throws {
    try await withServer(routes: { router in
      router.add(.post, "/echo") { request in .text("\(request.headers["Content-Length"] ?? "-"):\(request.bodyText ?? "")") }
    }) { server in
      let request = HTTPClientRequest(method: .post, url: server.httpURL("/echo"), headers: ["Content-Type": "text/plain"], body: Array("héllo".utf8))
      let response = try await client().execute(request)
      #expect(String(decoding: response.body, as: UTF8.self) == "6:héllo")
    }
  }

  @Test func reusesOneConnectionForRequestsInTurn() async throws {
    let peer = try LoopbackPeer { socket, _ in
      for index in 1...3 {
        _ = try socket.readRequestHead()
        try socket.write("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n\(index)")
      }
    }
    let client = client()
    var bodies: [String] = []
    for _ in 1...3 {
      bodies.append(String(decoding: try await client.get(peer.url()).body, as: UTF8.self))
    }
    #expect(bodies == ["1", "2", "3"])
    #expect(peer.acceptedConnections == 1)
    #expect(client.pool.idleCount == 1)
    #expect(try await peer.stop() == [])
  }

  @Test func aConnectionTheServerClosedWhileIdleIsNotReused() async throws {
    let (closes, closed) = AsyncStream.makeStream(of: Void.self)
    let peer = try LoopbackPeer { socket, number in
      _ = try socket.readRequestHead()
      // Keeps alive by its headers, then closes at once, as a server's idle timeout would.
      try socket.write("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n\(number)")
      socket.shutdown(.both)
      closed.yield()
    }
    let client = client()
    let first = try await client.get(peer.url())
    var events = closes.makeAsyncIterator()
    await events.next()
    // A POST is never resent, so its success shows the closed connection was not used at all.
    let second = try await client.execute(HTTPClientRequest(method: .post, url: peer.url()))
    #expect(first.body == Array("1".utf8))
    #expect(second.body == Array("2".utf8))
    #expect(peer.acceptedConnections == 2)
    #expect(try await peer.stop() == [])
  }

  @Test func anIdempotentRequestIsResentOnceWhenAKeptAliveConnectionClosesUnanswered() async throws {
    let peer = try LoopbackPeer { socket, number in
      _ = try socket.readRequestHead()
      try socket.write("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n\(number)")
      guard number == 1 else { return }
      // Reads the second request and closes without a byte: a race with an idle timeout.
      _ = try socket.readRequestHead()
    }
    let client = client()
    _ = try await client.get(peer.url())
    let second = try await client.get(peer.url())
    #expect(second.body == Array("2".utf8))
    #expect(peer.acceptedConnections == 2)
    #expect(try await peer.stop() == [])
  }

  @Test func theResendGoesOnAFreshConnectionNotAnotherIdleOne() async throws {
    let bothConnected = DispatchGroup()
    bothConnected.enter()
    bothConnected.enter()
    let peer = try LoopbackPeer { socket, number in
      _ = try socket.readRequestHead()
      if number <= 2 {
        // Two requests in flight at once, so that two connections end up idle in the pool.
        bothConnected.leave()
        _ = bothConnected.wait(timeout: .now() + 5)
      }
      try socket.write("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n\(number)")
      if number <= 2 {
        // One gets the third request and closes unanswered; the other sees the client close it.
        _ = try? socket.readRequestHead()
      }
    }
    let client = client()
    async let first = client.get(peer.url())
    async let second = client.get(peer.url())
    _ = try await (first, second)
    #expect(client.pool.idleCount == 2)
    let third = try await client.get(peer.url())
    #expect(third.body == Array("3".utf8))
    #expect(peer.acceptedConnections == 3)
    client.pool.closeIdle()
    #expect(try await peer.stop() == [])
  }

  @Test func aPostIsNotResentWhenAKeptAliveConnectionClosesUnanswered() async throws {
    let peer = try LoopbackPeer { socket, number in
      _ = try socket.readRequestHead()
      try socket.write("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n\(number)")
      _ = try? socket.readRequestHead()
    }
    let client = client()
    _ = try await client.get(peer.url())
    let error = await error(of: try await client.execute(HTTPClientRequest(method: .post, url: peer.url(), body: [1])))
    guard case .connectionLost(_, _, let reason) = error else {
      Issue.record("expected connectionLost, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("without answering"))
    #expect(peer.acceptedConnections == 1)
    _ = try await peer.stop()
  }

  @Test func readsChunkedAndReadToCloseBodiesSentInPieces() async throws {
    let peer = try LoopbackPeer { socket, number in
      _ = try socket.readRequestHead()
      if number == 1 {
        for piece in ["HTTP/1.1 200 OK\r\nTransfer-", "Encoding: chunked\r\n\r\n4\r", "\nabcd\r\n3\r\nef", "g\r\n0\r\n", "\r\n"] {
          try socket.write(piece)
        }
      } else {
        try socket.write("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nuntil ")
        try socket.write("the close")
      }
    }
    let client = client()
    #expect(try await client.get(peer.url()).body == Array("abcdefg".utf8))
    #expect(try await client.get(peer.url("/close")).body == Array("until the close".utf8))
    #expect(peer.acceptedConnections == 2)
    #expect(client.pool.idleCount == 0)
    #expect(try await peer.stop() == [])
  }

  @Test(arguments: [
    ("HTTP/1.1 2OO OK\r\n\r\n", "no status code"),
    ("ICY 200 OK\r\n\r\n", "does not start with HTTP/1.x"),
    ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab", "dropped before the answer was complete"),
  ])
  func aBrokenAnswerFailsSayingWhatWasWrong(answer: String, words: String) async throws {
    let peer = try LoopbackPeer { socket, _ in
      _ = try socket.readRequestHead()
      try socket.write(answer)
    }
    let error = await error(of: try await client().get(peer.url()))
    #expect(error?.description.contains(words) == true, "\(String(describing: error))")
    #expect(error?.description.contains("127.0.0.1:\(peer.port)") == true)
    _ = try await peer.stop()
  }

  @Test func oversizedHeadersFail() async throws {
    let peer = try LoopbackPeer { socket, _ in
      _ = try socket.readRequestHead()
      try socket.write("HTTP/1.1 200 OK\r\n" + String(repeating: "X-Padding: \(String(repeating: "a", count: 100))\r\n", count: 20))
      socket.drainUntilClosed()
    }
    let error = await error(of: try await client { $0.maxHeadBytes = 1024 }.get(peer.url()))
    #expect(error == .headTooLarge(host: "127.0.0.1", port: Int(peer.port), limit: 1024))
    _ = try await peer.stop()
  }

  @Test func aServerThatNeverAnswersTimesOutAtTheRequestsLimit() async throws {
    let peer = try LoopbackPeer { socket, _ in socket.drainUntilClosed() }
    let started = ContinuousClock.now
    let error = await error(of: try await client(requestTimeout: .milliseconds(300)).get(peer.url()))
    let elapsed = ContinuousClock.now - started
    #expect(error == .timedOut(host: "127.0.0.1", port: Int(peer.port), timeout: .milliseconds(300)))
    #expect(error?.description == "127.0.0.1:\(peer.port) gave no answer within 0.3 seconds, the request's time limit.")
    // The error names the limit that fired; no upper bound on the time, which a loaded run stretches.
    #expect(elapsed >= .milliseconds(300), "\(elapsed)")
    _ = try await peer.stop()
  }

  @Test func cancellingEndsARequestPromptly() async throws {
    let peer = try LoopbackPeer { socket, _ in socket.drainUntilClosed() }
    let client = client(requestTimeout: .seconds(30))
    let request = Task { try await client.get(peer.url()) }
    while peer.acceptedConnections == 0 {
      await Task.yield()
    }
    let started = ContinuousClock.now
    request.cancel()
    await #expect(throws: CancellationError.self) { try await request.value }
    // Well inside the request's 30 s limit, so the cancel ended it, with room for a loaded machine.
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(client.pool.idleCount == 0)
    _ = try await peer.stop()
  }

  @Test func nothingListeningIsRefusedInWords() async throws {
    // A port bound but not listening refuses connections, and stays this test's while it is held:
    // a stopped server's port could be another test's listener by the time the client connects.
    let held = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #expect(held >= 0)
    defer { close(held) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(held, address, length) == 0 && getsockname(held, address, &length) == 0
      }
    }
    #expect(bound)
    let port = UInt16(bigEndian: address.sin_port)
    let error = await error(of: try await client().get(URL(string: "http://127.0.0.1:\(port)/")!))
    #expect(error == .connectionRefused(host: "127.0.0.1", port: Int(port)))
    #expect(error?.description == "Nothing accepted the connection to 127.0.0.1:\(port); is the server running?")
  }

  @Test func getsFromAServerOnIPv6LoopbackAndNamesItInBrackets() async throws {
    var configuration = HTTPServer.Configuration()
    configuration.host = "::1"
    try await withServer(configuration: configuration, routes: { router in
      router.add(.get, "/host") { .text($0.headers["Host"] ?? "-") }
    }) { server in
      let response = try await client().get(URL(string: "http://[::1]:\(server.port)/host")!)
      #expect(String(decoding: response.body, as: UTF8.self) == "[::1]:\(server.port)")
    }
    #expect(HTTPClientError.connectionRefused(host: "::1", port: 7401).description.contains("to [::1]:7401;"))
    #expect(WebSocketError.connectionFailed(host: "::1", port: 7401, reason: "refused").description.contains("to [::1]:7401 "))
  }

  @Test(arguments: [("https://127.0.0.1/", HTTPClientError.unsupportedScheme("https")), ("http:///path", .invalidURL("http:///path"))])
  func refusesURLsItCannotSendTo(url: String, expected: HTTPClientError) async {
    #expect(await error(of: try await client().get(URL(string: url)!)) == expected)
  }

  @Test func refusesAHeaderThatWouldSplitTheRequest() async {
    let error = await error(of: try await client().get(URL(string: "http://127.0.0.1:1/")!, headers: ["X-Evil": "a\r\nHost: b"]))
    #expect(error == .invalidHeader(name: "X-Evil"))
  }
}
