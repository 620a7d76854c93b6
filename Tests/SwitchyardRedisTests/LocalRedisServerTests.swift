import SwitchyardNet
import Testing
@testable import SwitchyardRedis

/// The test peer itself: a `redis-server` that cannot have its port is reported as such at once.
@Suite struct LocalRedisServerTests {
  /// Something that answers no `PING` holds the port: the server exits as it cannot listen, and
  /// that is `portTaken` (which a fresh server answers by trying another port), not ten seconds of
  /// `PING`s and `didNotStart`.
  @Test(.timeLimit(.minutes(3))) func aServerThatCannotListenOnItsPortSaysThePortWasTaken() async throws {
    let outcome = try await withRedisServer { server -> String in
      server.kill()
      let squatter = try Socket.listen(port: server.port)
      defer { squatter.close() }
      do {
        try server.start()
        return "started"
      } catch let error as LocalRedisServerError {
        guard case let .portTaken(port) = error else { return "\(error)" }
        return port == server.port ? "portTaken" : "portTaken(\(port)) of another port"
      }
    }
    #expect(outcome == "portTaken")
  }
}
