#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// Redis and two `start --ha` coordinators, each in a network namespace of its own joined to
/// Redis's by a veth pair: the leader's link is cut under traffic for 15 s and restored. Needs
/// root and `ip`; skipped otherwise.
@Suite(
  .serialized, .timeLimit(.minutes(2)), .onAThreadOfItsOwn, TestPeer.redisServer.trait,
  .enabled(if: NetworkNamespaces.available, "needs root and network namespaces (ip netns); run as root to include it")
)
struct NamespacedFailoverTests {
  @Test func aLeaderCutOffFromRedisIsReplacedAndComesBackAsAStandbyThatNeverWroteAgain() async throws {
    let network = try NetworkNamespaces()
    var processes: [SpawnedProcess] = []
    let root = uniqueTemporaryPath("ha-netns")
    defer {
      for process in processes { process.kill(waitingUpTo: 10) }
      network.remove()
      try? FileManager.default.removeItem(atPath: root)
    }
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try network.addHost("a", subnet: 1)
    try network.addHost("b", subnet: 2)
    let redisServer = try #require(LocalRedisServer.executable)
    func launch(_ namespace: String, _ arguments: [String], log: String) throws -> SpawnedProcess {
      let process = try SpawnedProcess.start(
        NetworkNamespaces.ip, network.inside(namespace, arguments), outputPath: "/dev/null", errorPath: "\(root)/\(log).log")
      processes.append(process)
      return process
    }
    func log(_ name: String) -> String { (try? String(contentsOfFile: "\(root)/\(name).log", encoding: .utf8)) ?? "" }
    _ = try launch(network.hub, [
      redisServer, "--port", "6379", "--bind", "10.216.1.1", "10.216.2.1", "--protected-mode", "no",
      "--save", "", "--appendonly", "yes", "--appendfsync", "always", "--dir", root,
    ], log: "redis")
    let name = "netns\(getpid())"
    let lease = 1_500
    for host in ["a", "b"] {
      _ = try launch(try #require(network.hosts[host]), [
        switchyardExecutable, "start", "--ha", "redis://\(network.hubAddresses[host]!):6379/0", "--name", name,
        "--ha-lease-ms", "\(lease)", "--fsync", "always", "--pools", "probe=1", "--run-dir", "\(root)/\(host)", "--grace-ms", "500",
      ], log: host)
      // One leads before the other starts, so the test knows which.
      if host == "a" {
        try await eventually("a leading", within: 30) { isServing("\(root)/a") }
      }
    }
    try await eventually("b standing by", within: 30) { role("\(root)/b")?.role == .standby }

    let traffic = Traffic(socketPath: "\(root)/a/control.sock", prefix: "a")
    try await eventually("20 acknowledged sends") { traffic.names.count >= 20 }
    try network.cutOff("a")
    let cut = ContinuousClock.now
    try await eventually("b leading", within: 15) { isServing("\(root)/b") }
    let failover = ContinuousClock.now - cut
    #expect(failover < .milliseconds(lease + 2_000), "took over in \(failover)")
    #expect(traffic.waitForEnd(within: 10), "the cut-off leader stops acknowledging")
    let acknowledged = Set(traffic.names)
    let names = try runNames("\(root)/b")
    #expect(acknowledged.isSubset(of: names), "lost: \(acknowledged.subtracting(names).sorted())")
    let after = Traffic(socketPath: "\(root)/b/control.sock", prefix: "b")
    try await eventually("b serving sends") { after.names.count >= 5 }
    try await eventually("a stepping down", within: 15) { log("a").contains("stepping down to standby") }

    // Fifteen seconds apart in all, then the link is restored and a follows b.
    try await Task.sleep(until: cut + .seconds(15))
    try network.restore("a")
    try await eventually("a standing by behind b", within: 20) { role("\(root)/a").map { $0.role == .standby && $0.epoch == 2 } ?? false }
    let entries = try await streamEntries(network: network, name: name)
    let epochs = entries.map(\.epoch)
    #expect(epochs == epochs.sorted(), "the old leader wrote after the new one: \(epochs)")
    #expect(Set(epochs) == [1, 2], "epochs: \(epochs)")
    #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.last + 1 == $1.first })
  }

  /// The stream as Redis in the hub holds it, without its records (binary, and not needed here),
  /// read with redis-cli from inside host b: the test's own namespace reaches none of the hub's addresses.
  private func streamEntries(network: NetworkNamespaces, name: String) async throws -> [JournalStreamEntry] {
    let script = "local r = {} for _, e in ipairs(redis.call('XRANGE', KEYS[1], '-', '+')) do "
      + "r[#r + 1] = e[1] .. ' ' .. e[2][2] .. ' ' .. e[2][4] end return r"
    let command = network.inside(
      network.hosts["b"]!, ["redis-cli", "-h", network.hubAddresses["b"]!, "--raw", "EVAL", script, "1", "switchyard:{\(name)}:ha:journal"])
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
}
