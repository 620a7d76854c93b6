#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import SwitchyardRedis
import SwitchyardTestSupport
import Testing

/// What the Kubernetes manifests rely on, with real processes: a Redis that requires a password
/// read from files, the backlog list KEDA scales on, and a worker's health file under the
/// manifests' own probe commands.
@Suite(.serialized, .timeLimit(.minutes(2)), .onAThreadOfItsOwn)
struct RemoteDeploymentTests {
  @Test func aPasswordProtectedRedisServesThePoolWhenEveryProcessReadsThePasswordFile() async throws {
    let cluster = try await RemotePoolCluster(workers: 1, password: "s3cr:t/@pw")
    defer { cluster.cleanUp() }
    try cluster.start("auth", ProbeJob(tag: "auth", outputs: 2, intervalMillis: 50))
    let run = try await cluster.wait(for: "auth") { $0.outcome != .running }
    #expect(run.outcome == .finished, "\(run)")
    #expect(run.outputs == [0, 1])
  }

  @Test func theBacklogListCountsWhatWaitsInTheCoordinatorAndInTheStream() async throws {
    // Two in flight at most: the stream holds two jobs, the coordinator's queue the rest.
    let cluster = try await RemotePoolCluster(workers: 0, inFlight: 2)
    defer { cluster.cleanUp() }
    let names = (0..<10).map { "b\($0)" }
    for name in names { try cluster.start(name, ProbeJob(tag: name, outputs: 1, intervalMillis: 10)) }
    let connection = RedisConnection(configuration: cluster.redis.configuration)
    defer { connection.close() }
    let list = StreamLayout(coordinator: cluster.name).backlog("probe")
    try await cluster.eventually("the backlog list to count all ten") {
      try connection.send(RedisCommand("LLEN", list)).integer == 10
    }
    #expect(try cluster.backlog().length == 2, "the stream alone shows the in-flight limit")
    try cluster.startWorker()
    for name in names { _ = try await cluster.wait(for: name) { $0.outcome == .finished } }
    try await cluster.eventually("the backlog list to empty") {
      try connection.send(RedisCommand("EXISTS", list)).integer == 0
    }
  }

  @Test func aWorkersHealthFilePassesTheManifestsProbesWhileItBeatsAndFailsOnceItStops() async throws {
    let cluster = try await RemotePoolCluster(workers: 0)
    defer { cluster.cleanUp() }
    let file = uniqueTemporaryPath("health")
    defer { try? FileManager.default.removeItem(atPath: file) }
    try cluster.startWorker(["--health-file", file])
    try await cluster.eventually("the health file") { FileManager.default.fileExists(atPath: file) }
    let probes = try Self.workerProbes(checking: file)
    try #require(probes.count == 2, "the manifest's readiness and liveness commands: \(probes)")
    let (readiness, liveness) = (probes[0], probes[1])
    #expect(try await runToExit(readiness, executable: "/usr/bin/env").status == 0)
    #expect(try await runToExit(liveness, executable: "/usr/bin/env").status == 0)
    // Once the worker is gone the file ages; two minutes old, both probes fail.
    cluster.workers[0].send(SIGKILL)
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: file)
    #expect(try await runToExit(readiness, executable: "/usr/bin/env").status != 0)
    #expect(try await runToExit(liveness, executable: "/usr/bin/env").status != 0)
  }

  /// The probe commands of deploy/kubernetes/workers-search.yaml (readiness, then liveness),
  /// pointed at `file`: each is one line, `command: ["sh", "-c", "…"]`, which reads as JSON.
  static func workerProbes(checking file: String) throws -> [[String]] {
    let manifest = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("deploy/kubernetes/workers-search.yaml")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    return try text.split(separator: "\n").filter { $0.contains("stat -c %Y") }.map { line in
      let json = line.drop { $0 != "[" }
      let words = try JSONDecoder().decode([String].self, from: Data(json.utf8))
      return words.map { $0.replacingOccurrences(of: "/run/switchyard/health", with: file) }
    }
  }
}
