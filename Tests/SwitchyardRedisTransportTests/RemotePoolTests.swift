#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import SwitchyardRedis
import SwitchyardWire
import Testing

/// A coordinator whose `probe` pool is remote and `switchyard worker probe --broker` processes,
/// all against a real `redis-server` on loopback.
@Suite(.serialized, .timeLimit(.minutes(2)), .onAThreadOfItsOwn)
struct RemotePoolTests {
  @Test func jobsRunOnBothWorkersWithEveryOutputInOrder() async throws {
    let cluster = try await RemotePoolCluster(workers: 2, concurrency: 2)
    defer { cluster.cleanUp() }
    // Jobs sent before the second worker reads would all go to the first on a loaded machine.
    try await cluster.eventually("both workers to serve") { cluster.log.components(separatedBy: "serving 'probe' jobs").count == 3 }
    let names = (0..<8).map { "job\($0)" }
    for name in names { try cluster.start(name, ProbeJob(tag: name, outputs: 3, intervalMillis: 100)) }
    var pids: Set<Int32> = []
    for name in names {
      let run = try await cluster.wait(for: name) { $0.outcome != .running }
      #expect(run.outcome == .finished)
      #expect(run.outputs == [0, 1, 2])
      #expect(run.attempts == 1)
      pids.formUnion(run.workerPIDs)
    }
    #expect(pids.count == 2, "both remote workers ran jobs: \(pids)")
    try await cluster.eventually("the stream to empty") { try cluster.backlog().length == 0 }
  }

  @Test func cancellationReachesTheWorkerRunningTheEffect() async throws {
    let cluster = try await RemotePoolCluster(workers: 2)
    defer { cluster.cleanUp() }
    try cluster.start("slow", ProbeJob(tag: "slow", outputs: 200, intervalMillis: 50))
    _ = try await cluster.wait(for: "slow") { $0.outputs.count >= 2 }
    try cluster.send(["cancel": ["name": "slow"]])
    // The job would run for 10 s; its entry is acknowledged as soon as the worker cancels it.
    try await cluster.eventually("the cancelled job's entry to be acknowledged", within: 20) {
      let backlog = try cluster.backlog()
      return backlog.pending == 0 && backlog.length == 0
    }
    let run = try #require(try cluster.run("slow"))
    #expect(run.outcome == .cancelled)
    #expect(run.staleEvents == 0)
  }

  @Test func aJobCancelledBeforeAnyWorkerReadItIsAcknowledgedUnrun() async throws {
    let cluster = try await RemotePoolCluster(workers: 1, concurrency: 1)
    defer { cluster.cleanUp() }
    // The one worker is busy, so the second job waits in the stream when it is cancelled.
    try cluster.start("busy", ProbeJob(tag: "busy", outputs: 3, intervalMillis: 1_000))
    _ = try await cluster.wait(for: "busy") { !$0.outputs.isEmpty }
    try cluster.start("waiting", ProbeJob(tag: "waiting", outputs: 200, intervalMillis: 50))
    try await cluster.eventually("the second job to wait in the stream") { try cluster.backlog().length == 2 }
    try cluster.send(["cancel": ["name": "waiting"]])
    _ = try await cluster.wait(for: "busy") { $0.outcome == .finished }
    // Run, it would hold its entry for 10 s; skipped, its entry goes at once.
    try await cluster.eventually("the cancelled job's entry to be acknowledged unrun", within: 20) {
      let backlog = try cluster.backlog()
      return backlog.pending == 0 && backlog.length == 0
    }
    try await cluster.eventually("a heartbeat counting the probes the worker started") {
      guard case let .statusReport(_, report) = try cluster.client.request(.status(id: 9)) else { return false }
      return report.pools.first { $0.kind == "probe" }?.counters["probesStarted"] == 1
    }
    #expect(try cluster.run("waiting")?.outcome == .cancelled)
  }

  @Test func aJobCancelledBeforeAnyWorkerStartedIsAcknowledgedUnrunByTheFirstWorker() async throws {
    let cluster = try await RemotePoolCluster(workers: 0)
    defer { cluster.cleanUp() }
    try cluster.start("early", ProbeJob(tag: "early", outputs: 200, intervalMillis: 50))
    try await cluster.eventually("the job to wait in the stream") { try cluster.backlog().length == 1 }
    try cluster.send(["cancel": ["name": "early"]])
    _ = try await cluster.wait(for: "early") { $0.outcome == .cancelled }
    try cluster.startWorker()
    // Run, it would hold its entry for 10 s; known cancelled, its entry goes as soon as it is read.
    try await cluster.eventually("the cancelled job's entry to be acknowledged unrun", within: 20) {
      let backlog = try cluster.backlog()
      return backlog.pending == 0 && backlog.length == 0
    }
    // A job started now runs; the worker's heartbeat then counts it as the only probe it started.
    try cluster.start("after", ProbeJob(tag: "after"))
    _ = try await cluster.wait(for: "after") { $0.outcome == .finished }
    try await cluster.eventually("a heartbeat counting the one probe the worker started") {
      guard case let .statusReport(_, report) = try cluster.client.request(.status(id: 9)) else { return false }
      return report.pools.first { $0.kind == "probe" }?.counters["probesStarted"] == 1
    }
  }

  @Test func aWorkerKilledMidJobHasItsJobRerunElsewhere() async throws {
    let cluster = try await RemotePoolCluster(workers: 2, claimIdleMillis: 1000, concurrency: 4)
    defer { cluster.cleanUp() }
    let names = (0..<6).map { "k\($0)" }
    // Outputs far enough apart that k0 is still running when the test, however late, kills its worker.
    for name in names { try cluster.start(name, ProbeJob(tag: name, outputs: 4, intervalMillis: 1_000)) }
    let first = try await cluster.wait(for: "k0") { !$0.outputs.isEmpty }
    let victim = try #require(cluster.worker(first.workerPIDs[0]))
    victim.send(SIGKILL)
    for name in names {
      let run = try await cluster.wait(for: name, within: 30) { $0.outcome != .running }
      #expect(run.outcome == .finished, "\(name): \(run)")
      #expect(run.outputs.suffix(4) == [0, 1, 2, 3], "\(name) ran to the end: \(run.outputs)")
      #expect(run.staleEvents == 0)
    }
    let rerun = try #require(try cluster.run("k0"))
    #expect(rerun.attempts == 2)
    #expect(Set(rerun.workerPIDs).count == 2, "k0 ran on the other worker too: \(rerun.workerPIDs)")
    #expect(cluster.log.contains("abandoned") || cluster.log.contains("reclaimed"))
  }

  @Test func aPausedWorkersLateResultIsFenced() async throws {
    let cluster = try await RemotePoolCluster(workers: 2, claimIdleMillis: 1000)
    defer { cluster.cleanUp() }
    // Outputs far enough apart that the worker is stopped mid-job however late the test sees the first.
    try cluster.start("p", ProbeJob(tag: "p", outputs: 3, intervalMillis: 2_000))
    let started = try await cluster.wait(for: "p") { !$0.outputs.isEmpty }
    let paused = try #require(cluster.worker(started.workerPIDs[0]))
    paused.send(SIGSTOP)
    let rerun = try await cluster.wait(for: "p", within: 30) { $0.outcome != .running }
    #expect(rerun.outcome == .finished)
    // A stopped worker's blocking read stays registered in Redis until its timeout, so on a slow
    // run it can take attempt 2 as well, which is then reclaimed like attempt 1 (seen in CI).
    #expect((2...3).contains(rerun.attempts), "\(rerun)")
    paused.send(SIGCONT)
    // Once resumed, the paused worker runs what it holds to its end and writes it.
    try await cluster.eventually("a late result to arrive and be dropped") {
      cluster.log.contains(/effect \d+ attempt [12] ended on/)
    }
    let after = try #require(try cluster.run("p"))
    #expect(after == rerun, "nothing from the fenced attempt reached the reducer")
    #expect(after.staleEvents == 0)
    #expect(paused.isRunning)
  }

  @Test func redisRestartedMidLoadLosesNothing() async throws {
    let cluster = try await RemotePoolCluster(workers: 2, claimIdleMillis: 1000, appendOnly: true)
    defer { cluster.cleanUp() }
    let names = (0..<20).map { "r\($0)" }
    for name in names { try cluster.start(name, ProbeJob(tag: name, outputs: 5, intervalMillis: 200)) }
    _ = try await cluster.wait(for: "r0") { $0.outputs.count >= 2 }
    cluster.redis.kill()
    try cluster.redis.start()
    for name in names {
      let run = try await cluster.wait(for: name, within: 45) { $0.outcome != .running }
      #expect(run.outcome == .finished, "\(name): \(run)")
      #expect(run.outputs.suffix(5) == [0, 1, 2, 3, 4], "\(name) ran to the end: \(run.outputs)")
    }
    try await cluster.eventually("the stream to empty") { try cluster.backlog().length == 0 }
  }

  @Test func aTimeoutFailsTheEffectAndCancelsItsJob() async throws {
    let cluster = try await RemotePoolCluster(workers: 1)
    defer { cluster.cleanUp() }
    try cluster.start("late", ProbeJob(tag: "late", outputs: 100, intervalMillis: 100, retryable: false, timeoutMillis: 500))
    let run = try await cluster.wait(for: "late") { $0.outcome != .running }
    #expect(run.outcome == .failed)
    #expect(run.failure?.code == .timeout)
    try await cluster.eventually("the timed-out job's entry to be acknowledged", within: 20) {
      let backlog = try cluster.backlog()
      return backlog.pending == 0 && backlog.length == 0
    }
  }

  @Test func aHungWorkerHasItsJobReclaimedAndRerunElsewhere() async throws {
    let cluster = try await RemotePoolCluster(workers: 2, claimIdleMillis: 1000)
    defer { cluster.cleanUp() }
    // The probe stops its own process: the worker that runs it hangs, handlers and all.
    try cluster.start("hung", ProbeJob(tag: "hung", outputs: 3, behavior: .hang, misbehaveAfter: 1))
    let run = try await cluster.wait(for: "hung", within: 30) { $0.outcome != .running }
    #expect(run.outcome == .finished, "\(run)")
    #expect(run.attempts == 2)
    #expect(cluster.log.contains("handed 1 abandoned 'probe' jobs back"))
  }

  @Test func malformedEntriesAreLoggedAndAcknowledged() async throws {
    let cluster = try await RemotePoolCluster(workers: 1)
    defer { cluster.cleanUp() }
    let connection = RedisConnection(configuration: cluster.redis.configuration)
    defer { connection.close() }
    let layout = StreamLayout(coordinator: cluster.name)
    try connection.xadd(layout.jobs("probe"), fields: [StreamField("message", Array("{not json".utf8)), StreamField("generation", Array("1".utf8))])
    try connection.xadd(layout.jobs("probe"), fields: [StreamField("other", Array("x".utf8))])
    try connection.xadd(layout.replies, fields: [StreamField("message", Array("[]".utf8))])
    try await cluster.eventually("the malformed job entries to be dropped") {
      let backlog = try cluster.backlog()
      return backlog.length == 0 && backlog.pending == 0
    }
    try await cluster.eventually("the warnings") {
      cluster.log.components(separatedBy: "was dropped").count - 1 >= 3
    }
    try cluster.start("after", ProbeJob(tag: "after", outputs: 2))
    let run = try await cluster.wait(for: "after") { $0.outcome != .running }
    #expect(run.outcome == .finished)
    #expect(run.outputs == [0, 1])
  }

  @Test func statusShowsTheStreamAndItsRemoteWorkers() async throws {
    let cluster = try await RemotePoolCluster(workers: 2)
    defer { cluster.cleanUp() }
    try cluster.start("held", ProbeJob(tag: "held", outputs: 100, intervalMillis: 100))
    _ = try await cluster.wait(for: "held") { !$0.outputs.isEmpty }
    let pids = Set(cluster.workers.map(\.pid))
    var remote: RemotePoolStatus?
    try await cluster.eventually("status to show both workers and the held job") {
      guard case let .statusReport(_, report) = try cluster.client.request(.status(id: 7)) else { return false }
      remote = report.pools.first { $0.kind == "probe" }?.remote
      return remote.map { Set($0.workers.map(\.pid)) == pids && $0.pending == 1 } ?? false
    }
    let stream = try #require(remote)
    #expect(stream.streamLength == 1)
    #expect(stream.oldestPendingMillis != nil)
    #expect(stream.workers.allSatisfy { $0.host == ProcessInfo.processInfo.hostName && $0.lastHeardMillisAgo < 5_000 })
    #expect(stream.workers.map(\.pending).sorted() == [0, 1])
    let (status, text) = try await DeployFlagsTests.run(["status", "--run-dir", cluster.coordinator.runDirectory])
    #expect(status == 0)
    #expect(text.contains("REMOTE POOL") && text.contains("REMOTE WORKER"), "\(text)")
  }

  @Test func theRemoteWorkersHeartbeatCountersAddUpInTheirPool() async throws {
    let cluster = try await RemotePoolCluster(workers: 2, concurrency: 2)
    defer { cluster.cleanUp() }
    let names = (0..<6).map { "c\($0)" }
    for name in names { try cluster.start(name, ProbeJob(tag: name, outputs: 2, intervalMillis: 50)) }
    for name in names { _ = try await cluster.wait(for: name) { $0.outcome != .running } }
    try await cluster.eventually("the pool's counters to sum both workers' heartbeats") {
      guard case let .statusReport(_, report) = try cluster.client.request(.status(id: 8)) else { return false }
      return report.pools.first { $0.kind == "probe" }?.counters["probesStarted"] == Int64(names.count)
    }
    let (status, text) = try await DeployFlagsTests.run(["status", "--run-dir", cluster.coordinator.runDirectory])
    #expect(status == 0)
    let rows = text.split(separator: "\n").filter { $0.contains("probe") && $0.contains("ready") }
    #expect(rows.count == 1 && rows[0].hasPrefix("stream"), "the pool's one worker is its stream: \(text)")
  }

  @Test func scalingARemotePoolSaysHowToScaleItsWorkers() async throws {
    let cluster = try await RemotePoolCluster(workers: 0)
    defer { cluster.cleanUp() }
    let reply = try cluster.client.request(.scale(id: 99, pools: ["probe": 3]))
    guard case let .error(_, _, message) = reply else {
      Issue.record("scaling a remote pool was accepted: \(reply)")
      return
    }
    #expect(message.contains("cannot start"))
    #expect(message.contains("deploy/README.md"))
  }
}
