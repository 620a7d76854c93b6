import Foundation
import SwitchyardCLI
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// `switchyard start` in a fresh run directory under /tmp, for the duration of `body`: waits
/// until its pools are up, then — pass or fail — stops it and removes the directory.
func withRunningCoordinator(
  pools: String = "probe=2",
  _ body: @MainActor (_ runDirectory: String) async throws -> Void
) async throws {
  let runDirectory = "/tmp/sy-cli-\(getpid())-\(UUID().uuidString.prefix(8))"
  let coordinator = try TestProcess(["start", "--pools", pools, "--run-dir", runDirectory, "--grace-ms", "500"])
  defer {
    coordinator.stop()
    try? FileManager.default.removeItem(atPath: runDirectory)
  }
  let expectedWorkers = try PoolSize.list(parsing: pools, argument: "pools").reduce(0) { $0 + $1.size }
  let deadline = ContinuousClock.now + .seconds(30)
  while true {
    let ready = try? ControlClient(runDirectory: runDirectory).readyWorkers()
    if ready == expectedWorkers { break }
    guard ContinuousClock.now < deadline, coordinator.isRunning else {
      throw TimedOut(what: "\(expectedWorkers) ready workers; log:\n\(coordinator.errorOutput)")
    }
    try await Task.sleep(for: .milliseconds(20))
  }
  try await body(runDirectory)
  #expect(await coordinator.terminate() == 0, "the coordinator did not shut down cleanly: \(coordinator.errorOutput)")
}

extension ControlClient {
  /// How many workers report `ready`.
  func readyWorkers() throws -> Int {
    try status()?.workers.filter { $0.state == "ready" }.count ?? -1
  }

  /// The coordinator's status, or `nil` for an answer of another kind.
  func status() throws -> StatusReport? {
    guard case let .statusReport(_, report) = try request(.status(id: 1)) else { return nil }
    return report
  }
}
