import Foundation
import Testing
@testable import SwitchyardNet

/// Our HTTP client against a server not written here: Python's `http.server` (standard library
/// only, so no install), speaking HTTP/1.1 with keep-alive on 127.0.0.1.
@Suite(.timeLimit(.minutes(3)))
struct HTTPClientInteropTests {
  /// Skipped where python3 is missing, except on CI, where a missing peer is a failure.
  @Test(.enabled("needs python3: apt-get install python3") {
    ProcessInfo.processInfo.environment["CI"] == "true" ? true : await PeerProcess.succeeds("python3", ["--version"])
  })
  func ourClientAgainstPythonsHTTPServer() async throws {
    let server = try PeerProcess("python3", [PeerProcess.script("http_server.py")])
    do {
      let port = try #require(UInt16(try await server.firstLine()), "the Python server printed no port")
      // Kept idle longer than a loaded run can take between two requests: the test is of reuse, not
      // of the 4 s idle timeout, which a test waiting that long for a thread would run into.
      var configuration = HTTPClient.Configuration()
      configuration.idleTimeout = .seconds(60)
      let client = HTTPClient(configuration: configuration)
      let base = "http://127.0.0.1:\(port)"
      let first = try await client.get(URL(string: "\(base)/bytes?n=70000")!)
      let second = try await client.get(URL(string: "\(base)/bytes?n=3")!)
      #expect(first.status == 200)
      #expect(first.body == (0..<70_000).map { UInt8($0 % 256) })
      #expect(second.body == [0, 1, 2])
      // The server reports the client's port: the same one means the same, kept-alive connection.
      #expect(first.headers["X-Connection-Port"] != nil)
      #expect(first.headers["X-Connection-Port"] == second.headers["X-Connection-Port"])
      #expect(try await client.get(URL(string: "\(base)/chunked")!).body == Array("hello, chunked world".utf8))
      #expect(try await client.get(URL(string: "\(base)/close")!).body == Array("until the close".utf8))
      let echoed = try await client.execute(HTTPClientRequest(method: .post, url: URL(string: "\(base)/echo")!, body: Array("posted".utf8)))
      #expect(echoed.body == Array("posted".utf8))
      let missing = try await client.get(URL(string: "\(base)/missing")!)
      #expect(missing.statusLine == "404 Not Found")
      await server.stop()
    } catch {
      await server.stop()
      throw error
    }
  }
}
