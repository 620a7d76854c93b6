import SwitchyardTestSupport
import Testing
@testable import SwitchyardNet

/// Servers taking turns on one ``ListeningPort``, as a standby's page and then the inspector of the
/// coordinator it becomes do: a client that connects between them waits in the port's backlog and
/// is answered by the next, where a port bound by each server in turn refused it.
@Suite(.timeLimit(.minutes(3)))
struct ListeningPortTests {
  private func server(on port: ListeningPort, saying text: String) throws -> HTTPServer {
    var configuration = HTTPServer.Configuration()
    configuration.listeningPort = port
    return try HTTPServer.start(configuration: configuration) { _ in .text(text) }
  }

  @Test func aClientBetweenTwoServersIsAnsweredByTheSecond() async throws {
    let port = try ListeningPort(host: "127.0.0.1", port: 0, inheritedAs: "SWITCHYARD_TEST_UNUSED_FD")
    let first = try server(on: port, saying: "first")
    #expect(first.port == port.port)
    await first.stop()
    // Connected, and its request written, while no server accepts.
    let waiting = try await offThread { () throws -> Socket in
      let socket = try Socket.connectLoopback(port.port)
      try socket.write(Array("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
      return socket
    }
    defer { waiting.close() }
    let second = try server(on: port, saying: "second")
    let answer = try await offThread { String(decoding: waiting.readUntilClosed(), as: UTF8.self) }
    await second.stop()
    #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
    #expect(answer.hasSuffix("second"), "\(answer)")
  }

  @Test func aStoppedServerLeavesThePortToItsHolder() async throws {
    var port: ListeningPort? = try ListeningPort(host: "127.0.0.1", port: 0, inheritedAs: "SWITCHYARD_TEST_UNUSED_FD")
    let number = try #require(port?.port)
    try await server(on: try #require(port), saying: "x").stop()
    // Still listening: a connection is taken into the backlog, not refused.
    #expect(throws: Never.self) { try Socket.connectLoopback(number).close() }
    port = nil
    #expect(throws: (any Error).self) { try Socket.connectLoopback(number).close() }
  }
}
