import Testing
import SwitchyardWire
@testable import SwitchyardCLI

/// What `status` shows of a remote pool whose Redis lost jobs: how many, and how long ago.
struct RemoteLossRenderingTests {
  @Test func theStreamsRowSaysHowManyJobsRedisLostAndWhen() {
    let pool = { (remote: RemotePoolStatus) in
      var pool = PoolStatus(
        kind: "search", size: 1, target: 1, busy: 2, queued: 0, completed: 5, failed: 0, retried: 6, restarts: 0,
        latencyP50Micros: 900, latencyP99Micros: 2_000, health: "degraded"
      )
      pool.remote = remote
      return pool
    }
    let coordinator = CoordinatorStatus(
      pid: 41, version: "0.1.0", runDir: "/run/sy", uptimeSeconds: 65, stateBytes: 2_048, actionsTotal: 1, actionsPerSecond: 0
    )
    func streamRow(_ remote: RemotePoolStatus) -> Substring? {
      let text = StatusView(StatusReport(coordinator: coordinator, pools: [pool(remote)], workers: [])).render(colored: false)
      return text.split(separator: "\n").first { $0.hasPrefix("search") && !$0.contains("degraded") }
    }
    let lost = RemotePoolStatus(streamLength: 2, pending: 2, oldestPendingMillis: 300, workers: [], lostJobs: 6, lastLossMillisAgo: 12_000)
    #expect(streamRow(lost)?.hasSuffix("6 (12.0 s ago)") == true, "\(String(describing: streamRow(lost)))")
    let never = RemotePoolStatus(streamLength: 2, pending: 2, oldestPendingMillis: 300, workers: [])
    #expect(streamRow(never)?.hasSuffix("-") == true, "\(String(describing: streamRow(never)))")
  }
}
