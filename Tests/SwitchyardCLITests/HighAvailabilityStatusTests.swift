import Testing
import SwitchyardWire
@testable import SwitchyardCLI

/// `status` of a coordinator started with `--ha`: its role, the lease's epoch, the leader, its lag.
struct HighAvailabilityStatusTests {
  @Test func statusShowsTheRoleEpochLeaderAndLag() throws {
    let report = StatusReport(
      coordinator: CoordinatorStatus(pid: 41, version: "0.1.0", runDir: "/run/sy", uptimeSeconds: 5, stateBytes: 10, actionsTotal: 0, actionsPerSecond: 0),
      pools: [], workers: [],
      highAvailability: HighAvailabilityReport(role: .standby, epoch: 3, leader: "hostA/4121", appliedSequence: 18_344, lag: 2)
    )
    let lines = StatusView(report).render(colored: false).split(separator: "\n")
    #expect(lines.contains("ha  standby  epoch 3  leader hostA/4121  applied 18344  lag 2"))
    let decoded = try WireJSONDecoder().decode(StatusReport.self, from: WireJSONEncoder().encode(report))
    #expect(decoded.highAvailability == report.highAvailability)
    let alone = StatusReport(coordinator: report.coordinator, pools: [], workers: [])
    #expect(!StatusView(alone).render(colored: false).contains("epoch"))
  }
}
