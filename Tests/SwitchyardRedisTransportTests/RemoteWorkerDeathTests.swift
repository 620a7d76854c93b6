#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import SwitchyardRedis
import SwitchyardWire
import Testing

/// A remote worker killed under load, with the production claim idle time (30 s): its affinity
/// keys move to the live worker as soon as its heartbeat stops, not when its jobs go idle.
@Suite(.serialized, .timeLimit(.minutes(2)), .onAThreadOfItsOwn)
struct RemoteWorkerDeathTests {
  static let keys = (0..<8).map { "session\($0)" }

  @Test func aKilledWorkersKeysMoveToTheLiveWorkerWithinTheHeartbeatTimeout() async throws {
    let cluster = try await RemotePoolCluster(workers: 2, claimIdleMillis: 30_000, concurrency: 16)
    defer { cluster.cleanUp() }
    // Bind every key: each key's first job runs where its key binds.
    for key in Self.keys { try cluster.start("\(key)-0", ProbeJob(tag: key, outputs: 1, intervalMillis: 50, affinity: key)) }
    var homes: [String: Int32] = [:]
    for key in Self.keys {
      let run = try await cluster.wait(for: "\(key)-0") { $0.outcome != .running }
      #expect(run.outcome == .finished, "\(run)")
      homes[key] = run.workerPIDs.first
    }
    // Load: every key has a job running, long enough to be held when the worker dies.
    for key in Self.keys { try cluster.start("\(key)-1", ProbeJob(tag: key, outputs: 20, intervalMillis: 200, affinity: key)) }
    for key in Self.keys { _ = try await cluster.wait(for: "\(key)-1") { !$0.outputs.isEmpty } }
    let victimPID = try #require(homes["session0"])
    let victim = try #require(cluster.worker(victimPID))
    let victimName = StreamLayout.workerName(pid: victimPID)
    victim.send(SIGKILL)
    let killed = ContinuousClock.now
    // More searches keep arriving for every key, the dead worker's among them.
    for round in 2..<5 {
      for key in Self.keys { try cluster.start("\(key)-\(round)", ProbeJob(tag: key, outputs: 2, intervalMillis: 50, affinity: key)) }
      try await Task.sleep(for: .milliseconds(300))
    }
    // Heartbeat timeout (5 s), a sweep (1 s), a retry and the runs themselves: well under the
    // claim idle time of 30 s that bounded it before.
    let bound = Duration.seconds(12)
    for key in Self.keys {
      for round in 1..<5 {
        let left = (bound - (ContinuousClock.now - killed)).components
        let seconds = max(0.1, Double(left.seconds) + Double(left.attoseconds) / 1e18)
        let run = try await cluster.wait(for: "\(key)-\(round)", within: seconds) { $0.outcome != .running }
        #expect(run.outcome == .finished, "\(key)-\(round): \(run)")
        #expect(!run.workerPIDs.suffix(1).contains(victimPID), "\(key)-\(round) ended on the dead worker")
      }
    }
    let survivor = try #require(cluster.workers.map(\.pid).first { $0 != victimPID })
    // Status lists the live worker alone: the dead one is gone, however recently jobs were handed to it.
    try await cluster.eventually("status to drop the dead worker", within: 20) {
      guard case let .statusReport(_, report) = try cluster.client.request(.status(id: 11)) else { return false }
      return report.pools.first { $0.kind == "probe" }?.remote?.workers.map(\.pid) == [survivor]
    }
    let deaths = cluster.log.split(separator: "\n").filter { $0.contains(victimName) && $0.contains("is dead") }
    #expect(deaths.count == 1, "one line logs the death: \(deaths)")
    #expect(deaths.first?.contains("'probe'") == true && deaths.first?.contains("moved") == true, "\(deaths)")
    try await cluster.eventually("the stream to empty") {
      let backlog = try cluster.backlog()
      return backlog.length == 0 && backlog.consumers.map(\.name) == [StreamLayout.workerName(pid: survivor)]
    }
  }

  @Test func aConsumerNeverSeenBeatingIsLeftToReclaiming() async throws {
    let cluster = try await RemotePoolCluster(workers: 0, claimIdleMillis: 30_000)
    defer { cluster.cleanUp() }
    try cluster.start("old", ProbeJob(tag: "old", outputs: 1))
    try await cluster.eventually("the job to wait in the stream") { try cluster.backlog().length == 1 }
    // A worker of a release before heartbeats takes it, as it reads: no heartbeat key, ever.
    let connection = RedisConnection(configuration: cluster.redis.configuration)
    defer { connection.close() }
    let layout = StreamLayout(coordinator: cluster.name)
    let read = try connection.xreadgroup(
      group: StreamLayout.workerGroup, consumer: "old-release/1", streams: [(layout.jobs("probe"), .undelivered)], count: 1)
    #expect(read.first?.entries.count == 1)
    // Past the coordinator's start-up grace and the heartbeat timeout, it still holds its job.
    try await Task.sleep(for: .seconds(8))
    #expect(try cluster.backlog().consumers.map(\.name) == ["old-release/1"])
    #expect(try cluster.backlog().pending == 1)
    #expect(try cluster.run("old")?.outcome == .running, "not handed back and retried")
    #expect(!cluster.log.contains("is dead"))
  }
}
