import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwitchyardTestSupport
import Synchronization
import Testing
@testable import SwitchyardNet

/// The HTTP server over 127.0.0.1: routing through URLSession, keep-alive, refusals of bad
/// input, random input, many clients at once, and stopping.
@Suite(.timeLimit(.minutes(3)))
struct HTTPServerTests {
  private func itemsRoutes(_ router: inout HTTPRouter) {
    router.add(.get, "/items") { request in
      let page = request.queryValue("page").flatMap(Int.init) ?? 1
      let perPage = request.queryValue("per_page").flatMap(Int.init) ?? 10
      return .json(Array(#"{"page":\#(page),"per_page":\#(perPage)}"#.utf8))
    }
    router.add(.post, "/echo") { request in .text(request.bodyText ?? "") }
    router.add(.get, "/health") { _ in .text("ok") }
  }

  private func get(_ url: URL, method: String = "GET", body: Data? = nil) async throws -> (Int, String, HTTPURLResponse) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return (http.statusCode, String(decoding: data, as: UTF8.self), http)
  }

  /// Sends raw bytes on a fresh connection and returns everything the server answered.
  private func exchange(_ port: UInt16, _ request: [UInt8], halfClose: Bool = false) async throws -> String {
    try await offThread {
      let socket = try Socket.connectLoopback(port)
      defer { socket.close() }
      try socket.write(request)
      if halfClose {
        socket.shutdown(.writing)
      }
      return String(decoding: socket.readUntilClosed(), as: UTF8.self)
    }
  }

  @Test func servesRoutesWithQueriesThroughURLSession() async throws {
    try await withServer(routes: itemsRoutes) { server in
      let (status, body, response) = try await get(server.httpURL("/items?page=2&per_page=20"))
      #expect(status == 200)
      #expect(body == #"{"page":2,"per_page":20}"#)
      #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
      #expect(try await get(server.httpURL("/echo"), method: "POST", body: Data("posted".utf8)).1 == "posted")
      #expect(try await get(server.httpURL("/missing")).0 == 404)
      let (notAllowed, _, allowResponse) = try await get(server.httpURL("/health"), method: "DELETE")
      #expect(notAllowed == 405)
      #expect(allowResponse.value(forHTTPHeaderField: "Allow") == "GET, HEAD")
    }
  }

  @Test func keepsConnectionsAliveAndAnswersPipelinedRequestsInOrder() async throws {
    try await withServer(routes: itemsRoutes) { server in
      let answer = try await exchange(server.port, Array((
        "GET /items?page=1 HTTP/1.1\r\nHost: a\r\n\r\n"
          + "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi"
          + "HEAD /health HTTP/1.1\r\nHost: a\r\n\r\n"
          + "GET /health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n").utf8))
      #expect(answer.components(separatedBy: "HTTP/1.1 200 OK\r\n").count == 5)
      #expect(answer.contains(#"{"page":1,"per_page":10}"#))
      #expect(answer.contains("\r\n\r\nhiHTTP/1.1 200 OK"))
      // HEAD carries the length of the GET body but not the body.
      #expect(answer.contains("Content-Length: 2\r\n\r\nHTTP/1.1 200 OK"))
      #expect(answer.hasSuffix("Connection: close\r\n\r\nok"))
    }
  }

  @Test func refusesBadRequestsWithTheRightStatus() async throws {
    var configuration = HTTPServer.Configuration()
    configuration.maxBodyBytes = 1000
    configuration.maxHeaderBytes = 2048
    try await withServer(configuration: configuration, routes: itemsRoutes) { server in
      let cases: [(String, String)] = [
        ("GARBAGE\r\n\r\n", "400"),
        ("GET /items HTTP/1.1\r\nBad Header\r\n\r\n", "400"),
        ("GET /items HTTP/2.0\r\n\r\n", "505"),
        ("POST /echo HTTP/1.1\r\nContent-Length: 1001\r\n\r\n" + String(repeating: "x", count: 1001), "413"),
        ("GET /items HTTP/1.1\r\nX: \(String(repeating: "a", count: 3000))\r\n\r\n", "431"),
        ("GET /items HTTP/1.1\r\n" + (0..<101).map { "H\($0): v\r\n" }.joined() + "\r\n", "431"),
        ("GET /\(String(repeating: "a", count: 3000)) HTTP/1.1\r\n\r\n", "414"),
        ("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "501"),
        ("GET /nowhere HTTP/1.1\r\nConnection: close\r\n\r\n", "404"),
        ("PUT /items HTTP/1.1\r\nConnection: close\r\n\r\n", "405"),
      ]
      for (request, status) in cases {
        let answer = try await exchange(server.port, Array(request.utf8))
        #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(request.prefix(40)) → \(answer.prefix(60))")
      }
    }
  }

  @Test func answersASlowRequestWith408() async throws {
    var configuration = HTTPServer.Configuration()
    configuration.requestTimeout = .milliseconds(200)
    try await withServer(configuration: configuration, routes: itemsRoutes) { server in
      let answer = try await exchange(server.port, Array("GET /items HTTP/1.1\r\nHost: a\r\n".utf8))
      #expect(answer.hasPrefix("HTTP/1.1 408 "))
    }
  }

  /// Random bytes on many connections: every answer is an HTTP status or a plain close, and the
  /// server still serves afterwards.
  @Test func survivesRandomBytes() async throws {
    try await withServer(routes: itemsRoutes) { server in
      let answers = try await offThread { [port = server.port] in
        var generator = SystemRandomNumberGenerator()
        var answers: [String] = []
        for round in 0..<150 {
          let socket = try Socket.connectLoopback(port)
          defer { socket.close() }
          var bytes = (0..<Int.random(in: 1...600, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
          if round % 3 == 0 {
            bytes = Array("GET /items HTTP/1.1\r\n".utf8) + bytes
          }
          try? socket.write(bytes)
          socket.shutdown(.writing)
          answers.append(String(decoding: socket.readUntilClosed(), as: UTF8.self))
        }
        return answers
      }
      for answer in answers where !answer.isEmpty {
        #expect(answer.hasPrefix("HTTP/1.1 "))
      }
      #expect(try await get(server.httpURL("/health")).1 == "ok")
    }
  }

  @Test func servesManyClientsAtOnce() async throws {
    try await withServer(routes: itemsRoutes) { server in
      try await withThrowingTaskGroup(of: String.self) { group in
        for page in 1...60 {
          group.addTask { try await get(server.httpURL("/items?page=\(page)&per_page=5")).1 }
        }
        var bodies = Set<String>()
        for try await body in group {
          bodies.insert(body)
        }
        #expect(bodies.count == 60)
      }
    }
  }

  @Test func stopClosesTheListenerAndEveryConnection() async throws {
    let (events, sink) = AsyncStream.makeStream(of: ServerEvent.self)
    var router = HTTPRouter()
    itemsRoutes(&router)
    router.addEcho("/echo", events: sink)
    let server = try HTTPServer.start(router: router)
    let (idle, bodyStart) = try await offThread { [port = server.port] in
      let socket = try Socket.connectLoopback(port)
      try socket.write("GET /health HTTP/1.1\r\nHost: a\r\n\r\n")
      return (socket, try socket.readHead().rest)
    }
    let ws = try await WebSocketClient.connect(to: server.webSocketURL("/echo"), timeout: .seconds(30))
    await server.stop()
    // The idle keep-alive connection was closed: the rest of its stream is the body, then EOF.
    #expect(try await offThread { String(decoding: bodyStart + idle.readUntilClosed(), as: UTF8.self) } == "ok")
    idle.close()
    // The WebSocket was closed with "going away", and its stream ended cleanly.
    var messages = ws.messages.makeAsyncIterator()
    #expect(try await messages.next() == nil)
    #expect(ws.closeStatus?.code == .goingAway)
    var serverEvents = events.makeAsyncIterator()
    #expect(await serverEvents.next() == .closed(WebSocketCloseStatus(code: .goingAway)))
    // Nothing listens any more.
    await #expect(throws: WebSocketError.self) { try await WebSocketClient.connect(to: server.webSocketURL("/echo"), timeout: .seconds(30)) }
    await server.stop()
  }

  @Test func reportsAPortInUse() async throws {
    _ = try await withServer(routes: itemsRoutes) { server in
      #expect {
        try HTTPServer.start(configuration: .init(port: server.port)) { _ in .status(204) }
      } throws: { error in
        if case HTTPServerError.cannotListen(port: server.port, _) = error { return true }
        return false
      }
    }
  }
}
