#if canImport(Glibc)
import Glibc
#endif
import SwitchyardDiagnostics
import SwitchyardRedis
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRedisTransport

/// Redis stalling for longer than a worker's heartbeat timeout is the broker's outage: status
/// shows the broker unheard, and the remote effects run on, neither killed nor retried.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct RedisStallTests {
  @Test func aStalledRedisIsWaitedOutWithoutRetryingItsEffects() async throws {
    let cluster = try await RemotePoolCluster(workers: 1)
    defer { cluster.cleanUp() }
    let redis = try #require(cluster.redis.pid)
    try cluster.start("long", ProbeJob(tag: "long", outputs: 12, intervalMillis: 500))
    _ = try await cluster.wait(for: "long") { $0.outputs.count >= 2 }

    kill(redis, SIGSTOP)
    var stalled: WorkerStatus?
    do {
      // Well past the 5 s a silent worker process is given.
      try await Task.sleep(for: .seconds(9))
      guard case let .statusReport(_, report) = try cluster.client.request(.status(id: 1)) else { throw TimedOut(what: "status") }
      stalled = report.workers.first { $0.kind == "probe" }
    } catch {
      kill(redis, SIGCONT)
      throw error
    }
    kill(redis, SIGCONT)
    #expect(try #require(stalled?.lastHeartbeatMillisAgo) > 7000, "status shows the broker unheard while Redis stalls")

    let run = try await cluster.wait(for: "long", within: 40) { $0.outcome != .running }
    #expect(run.outcome == .finished && run.attempts == 1 && run.outputs == Array(0..<12))
    guard case let .statusReport(_, report) = try cluster.client.request(.status(id: 2)) else { throw TimedOut(what: "status") }
    let pool = try #require(report.pools.first { $0.kind == "probe" })
    #expect(pool.restarts == 0 && pool.retried == 0, "the coordinator's and the worker's logs:\n\(cluster.log)")
  }
}
