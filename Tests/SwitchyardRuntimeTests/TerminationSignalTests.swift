import Foundation
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRuntime

/// `SIGTERM` sent to `switchyard start` the moment it starts: never lost, whatever the timing.
///
/// Signal sources of Dispatch lost about one in thirty such signals and the coordinator ran
/// on, so each test repeats the race; every child is killed and reaped when a round ends.
@Suite(.serialized, .onAThreadOfItsOwn)
struct TerminationSignalTests {
  static let rounds = 30

  @Test func sigtermOnceTheControlSocketExistsStopsTheCoordinatorInOrder() async throws {
    for round in 1...Self.rounds {
      let coordinator = try CoordinatorProcess(arguments: ["--pools", "probe=0", "--no-journal"])
      defer { coordinator.cleanUp() }
      try await eventually("round \(round): the control socket; log:\n\(coordinator.log)") {
        FileManager.default.fileExists(atPath: coordinator.socketPath)
      }
      let status = await coordinator.terminate(within: 30)
      #expect(status == 0, "round \(round): SIGTERM did not stop the coordinator in order; log:\n\(coordinator.log)")
      #expect(coordinator.log.contains("received signal \(SIGTERM); shutting down"), "round \(round)")
    }
  }

  /// Before the handler is installed `SIGTERM` still has its default action; from then on it stops
  /// the coordinator in order. Either way the process ends.
  @Test func sigtermAtAnyMomentOfTheStartEndsTheCoordinator() async throws {
    for round in 1...Self.rounds {
      let coordinator = try CoordinatorProcess(arguments: ["--pools", "probe=0", "--no-journal"])
      defer { coordinator.cleanUp() }
      // Spread over the start: spawning, loading, installing the handler, opening the socket.
      try await Task.sleep(for: .milliseconds(round * 5))
      let status = await coordinator.terminate(within: 30)
      try #require(status != -1, "round \(round): even SIGKILL did not end the coordinator")
      let ended = coordinator.process.reapIfExited()
      #expect(ended == .exited(0) || ended == .signalled(SIGTERM), "round \(round): \(ended?.description ?? "running"); log:\n\(coordinator.log)")
    }
  }
}
