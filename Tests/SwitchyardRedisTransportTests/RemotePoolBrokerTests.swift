import SwitchyardDiagnostics
import SwitchyardRedis
import SwitchyardWire
import Testing
@testable import SwitchyardRedisTransport

/// A remote pool's one link is a broker, and status says so: the server and job stream it stands
/// for, no process of its own, and its remote workers' counters in its pool's.
@Suite(.serialized)
struct RemotePoolBrokerTests {
  @Test func statusShowsTheBrokerNotAProcess() async throws {
    let cluster = try await RemotePoolCluster(workers: 1)
    defer { cluster.cleanUp() }
    try cluster.start("one", ProbeJob(tag: "one", outputs: 1))
    _ = try await cluster.wait(for: "one") { $0.outcome != .running }
    var broker: WorkerStatus?
    try await cluster.eventually("status to list the pool's broker") {
      guard case let .statusReport(_, report) = try cluster.client.request(.status(id: 3)) else { return false }
      broker = report.workers.first { $0.kind == "probe" }
      return report.workers.count == 1 && broker?.lastHeartbeatMillisAgo != nil
    }
    let link = try #require(broker)
    let server = try #require(link.broker)
    #expect(server.hasPrefix("redis 127.0.0.1:") && server.contains("stream ") && server.hasSuffix("probe"), "\(server)")
    #expect(link.pid == 0 && link.state == "ready" && link.completed == 1)
  }
}
