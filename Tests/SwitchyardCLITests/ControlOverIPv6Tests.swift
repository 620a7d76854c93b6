import Foundation
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardCLI

/// `start --control-listen [::1]:0`, then `status` and `send` with `--run-dir tcp://[::1]:PORT`:
/// the control protocol over IPv6 loopback, through the built binary.
@Suite(.serialized, .onAThreadOfItsOwn)
struct ControlOverIPv6Tests {
  @Test func statusAndSendReachACoordinatorListeningOnIPv6Loopback() async throws {
    let runDirectory = "/tmp/sy-cli-\(getpid())-\(UUID().uuidString.prefix(8))"
    let coordinator = try TestProcess(["start", "--pools", "probe=1", "--run-dir", runDirectory, "--grace-ms", "500", "--control-listen", "[::1]:0"])
    defer {
      coordinator.stop()
      try? FileManager.default.removeItem(atPath: runDirectory)
    }
    let port = try await announcedPort(after: "control protocol served at tcp://[::1]:") { coordinator.errorOutput }
    let address = "tcp://[::1]:\(port)"

    let status = try await switchyard("status", "--json", "--run-dir", address)
    #expect(status.status == 0, "\(status.errorOutput)")
    let report = try WireJSONDecoder().decode(StatusReport.self, from: Array(status.output.utf8))
    #expect(report.pools.map(\.kind) == ["probe"])
    #expect(report.coordinator.controlAddress == address, "status names the address it serves, the port it took")

    let sent = try await switchyard(
      "send", "--run-dir", address, #"{"start":{"name":"v6","job":{"tag":"t","outputs":1},"cancelInFlight":false}}"#)
    #expect(sent.status == 0, "\(sent.errorOutput)")
    #expect(await coordinator.terminate() == 0, "the coordinator did not shut down cleanly: \(coordinator.errorOutput)")
  }
}
