#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardTestSupport
import Testing

/// Redis, the coordinator and two worker hosts, each in a network namespace of its own joined to
/// Redis's by a veth pair; one worker host is cut off mid-load and its jobs move to the other.
/// Needs root and `ip`; skipped otherwise.
@Suite(
  .serialized, .timeLimit(.minutes(2)), .onAThreadOfItsOwn,
  .enabled(if: NetworkNamespaces.available, "needs root and network namespaces (ip netns); run as root to include it")
)
struct SeveralHostsTests {
  @Test func aWorkerHostCutOffMidLoadLosesNoEffect() async throws {
    let network = try NetworkNamespaces()
    var processes: [SpawnedProcess] = []
    let runDirectory = makeRunDirectory()
    // A log per process: each opens its own, so none writes over another's.
    var logPaths: [String] = []
    let redisDirectory = runDirectory + ".redis"
    defer {
      for process in processes { process.kill(waitingUpTo: 10) }
      network.remove()
      for path in [runDirectory, redisDirectory] + logPaths { try? FileManager.default.removeItem(atPath: path) }
    }
    let redisAddress = try network.addHost("c", subnet: 1)
    try network.addHost("a", subnet: 2)
    try network.addHost("b", subnet: 3)
    try await TestPeer.redisServer.require()
    let redisServer = try #require(LocalRedisServer.executable)
    try FileManager.default.createDirectory(atPath: redisDirectory, withIntermediateDirectories: true)
    // Not Foundation's `Process`, whose per-child socket Redis or a worker started meanwhile could
    // inherit, keeping the coordinator's exit from being seen.
    func launch(_ namespace: String, _ arguments: [String]) throws -> SpawnedProcess {
      let logPath = runDirectory + ".\(logPaths.count).log"
      logPaths.append(logPath)
      let process = try SpawnedProcess.start(
        NetworkNamespaces.ip,
        network.inside(namespace, arguments),
        outputPath: "/dev/null",
        errorPath: logPath
      )
      processes.append(process)
      return process
    }
    _ = try launch(network.hub, [
      redisServer, "--port", "6379", "--bind", "10.216.1.1", "10.216.2.1", "10.216.3.1", "--protected-mode", "no",
      "--save", "", "--appendonly", "no", "--dir", redisDirectory,
    ])
    let name = "hosts\(getpid())"
    func broker(_ host: String) -> String { "redis://\(network.hubAddresses[host]!):6379/0" }
    // The coordinator connects (with backoff) once Redis listens.
    let coordinator = try launch(try #require(network.hosts["c"]), [
      switchyardExecutable, "start", "--pools", "probe=redis", "--broker", "redis://\(redisAddress):6379/0", "--name", name,
      "--run-dir", runDirectory, "--grace-ms", "1000",
    ])
    var workers: [String: SpawnedProcess] = [:]
    for host in ["a", "b"] {
      workers[host] = try launch(try #require(network.hosts[host]), [
        switchyardExecutable, "worker", "probe", "--broker", broker(host), "--name", name,
        "--claim-idle-ms", "1500", "--concurrency", "8",
      ])
    }
    let logText = { [logPaths] in
      logPaths.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }.joined(separator: "\n")
    }
    var client: ControlClient?
    let deadline = ContinuousClock.now + .seconds(20)
    while client == nil {
      client = try? ControlClient(socketPath: runDirectory + "/control.sock")
      guard ContinuousClock.now < deadline, coordinator.isRunning else { throw TimedOut(what: "the coordinator; log:\n\(logText())") }
      if client == nil { try await Task.sleep(for: .milliseconds(20)) }
    }
    let probe = ProbeClient(try #require(client))
    let names = (0..<32).map { "h\($0)" }
    // Jobs long enough that host a still runs some when the test, however late on a busy
    // machine, has seen both hosts at work and cuts it off.
    for name in names { try probe.start(name, ProbeJob(tag: name, outputs: 5, intervalMillis: 600)) }
    // Both hosts run jobs before one is cut off.
    let hostOf = { (pid: Int32) in workers.first { $0.value.pid == pid }?.key }
    var seen: Set<String> = []
    let bothDeadline = ContinuousClock.now + .seconds(20)
    while seen.count < 2 {
      for name in names {
        for pid in try probe.run(name)?.workerPIDs ?? [] { if let host = hostOf(pid) { seen.insert(host) } }
      }
      guard ContinuousClock.now < bothDeadline else { throw TimedOut(what: "both hosts to run jobs (\(seen)); log:\n\(logText())") }
      try await Task.sleep(for: .milliseconds(50))
    }
    try network.cutOff("a")
    var moved = 0
    for name in names {
      let run = try await probe.wait(for: name, within: 60, log: logText) { $0.outcome != .running }
      #expect(run.outcome == .finished, "\(name): \(run)")
      #expect(run.outputs.suffix(5) == [0, 1, 2, 3, 4], "\(name) ran to the end: \(run.outputs)")
      if run.attempts > 1 { moved += 1 }
    }
    #expect(moved > 0, "the cut-off host's jobs were rerun on the other")
  }
}
