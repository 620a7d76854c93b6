import SwitchyardTestSupport
import Testing
@testable import SwitchyardNet

/// The HTTP server's connection cap, over 127.0.0.1: past it a client is answered 503 and closed
/// at once, and a slot freed is taken by the next client.
@Suite(.timeLimit(.minutes(1)))
struct HTTPServerAdmissionTests {
  @Test func aClientPastTheCapIsAnswered503AndTheNextOneAfterAFreedSlotIsServed() async throws {
    var configuration = HTTPServer.Configuration()
    configuration.limits = ListenerLimits(maxConnections: 2)
    try await withServer(configuration: configuration, routes: { $0.add(.get, "/health") { _ in .text("ok") } }) { server in
      try await offThread { [port = server.port] in
        let first = try Socket.connectLoopback(port)
        let second = try Socket.connectLoopback(port)
        // Each answered once: both are admitted and held open, keep-alive.
        for socket in [first, second] {
          try socket.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
          #expect(try socket.readHead().head.hasPrefix("HTTP/1.1 200"))
        }
        let third = try Socket.connectLoopback(port)
        try third.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        let refusal = String(decoding: third.readUntilClosed(timeout: .seconds(10)), as: UTF8.self)
        #expect(refusal.hasPrefix("HTTP/1.1 503"))
        #expect(refusal.contains("Retry-After: 1"))
        #expect(refusal.contains("already serves 2 connections"))

        first.close()
        // The freed slot is the server's once its connection thread has seen the close.
        let deadline = ContinuousClock.now + .seconds(10)
        var answer = ""
        while !answer.hasPrefix("HTTP/1.1 200"), ContinuousClock.now < deadline {
          let next = try Socket.connectLoopback(port)
          try next.write("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
          answer = String(decoding: next.readUntilClosed(timeout: .seconds(10)), as: UTF8.self)
        }
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        second.close()
      }
    }
  }
}
