#if canImport(Glibc)
import Glibc
#endif
import SwitchyardDiagnostics
import SwitchyardRedis
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// Redis losing the remote pool's jobs mid-run, some waiting in the stream and some running:
/// every effect still finishes, each output delivered exactly once, and status and the log say
/// what was lost. Without a deadline on the jobs, an effect whose job was lost waited for ever.
@Suite(.serialized, .timeLimit(.minutes(2)), .onAThreadOfItsOwn)
struct RedisDataLossTests {
  static let runs = (0..<6).map { "lost\($0)" }
  static let outputs = 8

  @Test func flushAll() async throws {
    try await loseData { cluster in try cluster.redisCommand("FLUSHALL") }
  }

  @Test func theWorkerGroupDestroyed() async throws {
    try await loseData { cluster in
      try cluster.redisCommand("XGROUP", "DESTROY", StreamLayout(coordinator: cluster.name).jobs("probe"), StreamLayout.workerGroup)
    }
  }

  @Test func theJobStreamTrimmed() async throws {
    try await loseData { cluster in
      try cluster.redisCommand("XTRIM", StreamLayout(coordinator: cluster.name).jobs("probe"), "MAXLEN", "0")
    }
  }

  @Test func redisRestartedEmpty() async throws {
    try await loseData { cluster in
      cluster.redis.kill()
      try cluster.redis.start()
    }
  }

  /// A coordinator behind on the reply stream (here stopped for two seconds) finds jobs' entries
  /// deleted whose ends it has not read yet: the stream holds fewer entries than the jobs in
  /// flight. None of them is taken for lost, as their ends are read before any is dispatched again.
  @Test func endsNotYetReadAreNoLoss() async throws {
    let cluster = try await RemotePoolCluster(workers: 2, concurrency: 16)
    defer { cluster.cleanUp() }
    let names = (0..<24).map { "behind\($0)" }
    for name in names { try cluster.start(name, ProbeJob(tag: name, outputs: 3, intervalMillis: 300)) }
    for name in names { _ = try await cluster.wait(for: name) { !$0.outputs.isEmpty } }
    let coordinator = cluster.coordinator.process.pid
    kill(coordinator, SIGSTOP)
    try? await Task.sleep(for: .seconds(2))
    kill(coordinator, SIGCONT)
    for name in names {
      let run = try await cluster.wait(for: name) { $0.outcome != .running }
      #expect(run.outcome == .finished && run.attempts == 1 && run.outputs == [0, 1, 2], "\(name): \(run)")
    }
    guard case let .statusReport(_, report) = try cluster.client.request(.status(id: 22)) else { throw TimedOut(what: "status") }
    let pool = try #require(report.pools.first { $0.kind == "probe" })
    #expect(pool.retried == 0 && pool.remote?.lostJobs == nil, "\(pool)")
    #expect(!cluster.log.contains("Redis lost"))
  }

  /// Starts runs without deadlines, more than the workers take at once, loses Redis's data with
  /// `lose` once some have delivered outputs, and waits for every run to finish.
  private func loseData(_ lose: (RemotePoolCluster) throws -> Void) async throws {
    let cluster = try await RemotePoolCluster(workers: 2, concurrency: 2)
    defer { cluster.cleanUp() }
    for name in Self.runs {
      try cluster.start(name, ProbeJob(tag: name, outputs: Self.outputs, intervalMillis: 150, timeoutMillis: nil))
    }
    _ = try await cluster.wait(for: Self.runs[0]) { $0.outputs.count >= 2 }
    #expect(try cluster.backlog().length > cluster.backlog().pending, "some jobs still wait in the stream")
    try lose(cluster)
    let lost = ContinuousClock.now

    // Found within a pass of the backlogs (a second), then a retry's backoff and the runs.
    for name in Self.runs {
      let run = try await cluster.wait(for: name, within: 30) { $0.outcome != .running }
      #expect(run.outcome == .finished && run.outputs == Array(0..<Self.outputs), "\(name): \(run)")
    }
    #expect(ContinuousClock.now - lost < .seconds(15))
    let warnings = cluster.log.split(separator: "\n").filter { $0.contains("Redis lost") }
    #expect(!warnings.isEmpty && warnings.allSatisfy { $0.contains("'probe' pool") }, "\(cluster.log.suffix(3000))")
    guard case let .statusReport(_, report) = try cluster.client.request(.status(id: 21)) else { throw TimedOut(what: "status") }
    let pool = try #require(report.pools.first { $0.kind == "probe" })
    #expect(pool.health == "degraded", "status does not call a pool that just lost jobs healthy")
    #expect(try #require(pool.remote?.lostJobs) > 0)
  }
}
