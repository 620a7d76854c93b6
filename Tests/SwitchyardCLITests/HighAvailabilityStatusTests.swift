import Testing
import SwitchyardWire
@testable import SwitchyardCLI

/// `status` of a coordinator started with `--ha`: its role, the lease's epoch, the leader, its lag,
/// whether it reaches Redis.
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

  /// A standby cut off from Redis says so, and is not ready whatever its last lag was.
  @Test func aStandbyCutOffFromRedisSaysSoAndIsNotReady() throws {
    var standby = HighAvailabilityReport(role: .standby, epoch: 3, leader: "hostA/4121", appliedSequence: 18_344, lag: 0)
    #expect(standby.isReady)
    standby.redisUnreachable = "connection refused"
    #expect(!standby.isReady)
    #expect(!HighAvailabilityReport(role: .standby, epoch: 3, leader: nil, appliedSequence: 7, lag: 2).isReady)
    #expect(HighAvailabilityReport(role: .leader, epoch: 3, leader: nil, appliedSequence: 7, lag: 0).isReady)
    let report = StatusReport(
      coordinator: CoordinatorStatus(pid: 41, version: "0.1.0", runDir: "/run/sy", uptimeSeconds: 5, stateBytes: 10, actionsTotal: 0, actionsPerSecond: 0),
      pools: [], workers: [], highAvailability: standby
    )
    #expect(StatusView(report).render(colored: false).contains("lag 0  Redis unreachable: connection refused\n"))
    let decoded = try WireJSONDecoder().decode(StatusReport.self, from: WireJSONEncoder().encode(report))
    #expect(decoded.highAvailability?.redisUnreachable == "connection refused")
  }
}
