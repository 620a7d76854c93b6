#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire

/// One machine as four hosts: Redis in the hub namespace, and hosts `a`, `b` (two `start --ha`
/// coordinators of a remote probe pool) and `c` (its remote worker, and clients), each in a
/// network namespace of its own joined to the hub by a veth pair. Traffic stays inside the
/// namespaces; the coordinators' control sockets are Unix sockets in one directory, which every
/// namespace shares, so the test reaches each coordinator's.
final class NamespacedCluster {
  let network: NetworkNamespaces
  let root = uniqueTemporaryPath("ha-netns")
  let name = "netns\(getpid())"
  let leaseMilliseconds = 1_500
  private(set) var processes: [String: SpawnedProcess] = [:]
  private var started: [SpawnedProcess] = []

  /// Makes the namespaces and starts Redis in the hub (`appendfsync always`).
  init() throws {
    network = try NetworkNamespaces()
    do {
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
      for (host, subnet) in [("a", 1), ("b", 2), ("c", 3)] { try network.addHost(host, subnet: subnet) }
      let redisServer = LocalRedisServer.executable ?? "redis-server"
      try launch(network.hub, [
        redisServer, "--port", "6379", "--bind", "10.216.1.1", "10.216.2.1", "10.216.3.1", "--protected-mode", "no",
        "--save", "", "--appendonly", "yes", "--appendfsync", "always", "--dir", root,
      ], log: "redis")
    } catch {
      cleanUp()
      throw error
    }
  }

  /// Redis's URL as host `host` reaches it.
  func redisURL(from host: String) -> String { "redis://\(network.hubAddresses[host]!):6379/0" }

  /// Host `host`'s coordinator's run directory.
  func runDirectory(_ host: String) -> String { "\(root)/\(host)" }

  /// Starts host `host`'s coordinator: `--ha`, `--fsync always`, a remote probe pool; its errors
  /// go to the log `log` (the host's name unless told).
  @discardableResult
  func startCoordinator(_ host: String, log: String? = nil) throws -> SpawnedProcess {
    try launch(network.hosts[host]!, [
      switchyardExecutable, "start", "--ha", redisURL(from: host), "--name", name, "--ha-lease-ms", "\(leaseMilliseconds)",
      "--fsync", "always", "--pools", "probe=redis", "--broker", redisURL(from: host), "--run-dir", runDirectory(host),
      "--grace-ms", "500",
    ], log: log ?? host)
  }

  /// Starts the remote probe worker on host `c`.
  func startWorker() throws -> SpawnedProcess {
    try launch(network.hosts["c"]!, [switchyardExecutable, "worker", "probe", "--broker", redisURL(from: "c"), "--name", name], log: "worker")
  }

  /// Starts `switchyard load --json` on host `c` against the coordinator of `host`, for `seconds`;
  /// its report goes to `load.json`.
  func startLoad(pointedAt host: String, users: Int = 4, seconds: Int) throws -> SpawnedProcess {
    try launch(network.hosts["c"]!, [
      switchyardExecutable, "load", "--scenario", "probe", "--run-dir", runDirectory(host), "--users", "\(users)", "--duration", "\(seconds)", "--json",
    ], log: "load", output: "\(root)/load.json")
  }

  /// The load's report, once it has exited.
  func loadReport() throws -> LoadReportJSON {
    try LoadReportJSON(String(contentsOfFile: "\(root)/load.json", encoding: .utf8))
  }

  /// What the log `name` holds so far.
  func log(_ name: String) -> String { (try? String(contentsOfFile: "\(root)/\(name).log", encoding: .utf8)) ?? "" }

  /// The shared journal's stream as Redis holds it, without its records (binary, and not needed
  /// here), read with redis-cli from host `c`: the test's own namespace reaches none of the hub's addresses.
  func streamEntries() async throws -> [JournalStreamEntry] {
    let script = "local r = {} for _, e in ipairs(redis.call('XRANGE', KEYS[1], '-', '+')) do "
      + "r[#r + 1] = e[1] .. ' ' .. e[2][2] .. ' ' .. e[2][4] end return r"
    let command = network.inside(
      network.hosts["c"]!, ["redis-cli", "-h", network.hubAddresses["c"]!, "--raw", "EVAL", script, "1", "switchyard:{\(name)}:ha:journal"])
    let output = try await offThread { try NetworkNamespaces.run(command) }
    // Each line is `ID EPOCH FIRST`, in the stream's order.
    return output.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard words.count == 3, let id = StreamEntryID(String(words[0])), let epoch = UInt64(words[1]), let first = UInt64(words[2]) else {
        return nil
      }
      return JournalStreamEntry(first: first, last: id.milliseconds, epoch: epoch, records: [])
    }
  }

  /// Kills every process started here, deletes the namespaces and removes the files.
  func cleanUp() {
    for process in started.reversed() {
      // A stopped process must run again to die of anything but SIGKILL.
      process.send(SIGCONT)
      process.kill(waitingUpTo: 10)
    }
    network.remove()
    try? FileManager.default.removeItem(atPath: root)
  }

  @discardableResult
  private func launch(_ namespace: String, _ arguments: [String], log: String, output: String = "/dev/null") throws -> SpawnedProcess {
    let process = try SpawnedProcess.start(NetworkNamespaces.ip, network.inside(namespace, arguments), outputPath: output, errorPath: "\(root)/\(log).log")
    started.append(process)
    processes[log] = process
    return process
  }
}
