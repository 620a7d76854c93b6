import Foundation
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// `switchyard start --ha --ha-replicas 1`, the real binary, stopped while its one Redis replica
/// is stopped (`SIGSTOP`, so the primary still counts it as connected): the leader waits a third
/// of its lease at most for the replica, then exits and names, in its log, the records the
/// replica never confirmed.
///
/// One of the loopback failover suite's tests, which run one at a time: run beside them, its two
/// Redis servers and its coordinator slowed a timed takeover past its bound in a fresh-clone run.
extension LoopbackFailoverTests {
  @Test func aLeaderStoppedWhileItsReplicaIsStoppedExitsWithinAThirdOfItsLeaseNamingTheRecords() async throws {
    let primary = try await offThread { try LocalRedisServer(appendOnly: true) }
    defer { primary.stop() }
    let replica = try await offThread {
      try LocalRedisServer(extraArguments: ["--replicaof", "127.0.0.1", "\(primary.port)"])
    }
    defer { replica.stop() }
    try await eventually("the replica's link to the primary") {
      let connection = RedisConnection(configuration: replica.configuration)
      defer { connection.close() }
      guard case let .bulkString(info)? = try? connection.send(RedisCommand("INFO", "replication")) else { return false }
      return String(decoding: info, as: UTF8.self).contains("master_link_status:up")
    }
    let url = "redis://127.0.0.1:\(primary.port)/0"
    let leader = try CoordinatorChild(arguments: [
      "--ha", url, "--name", "replica-stop", "--ha-lease-ms", "3000", "--ha-replicas", "1", "--fsync", "always",
      "--pools", "probe=1",
    ])
    defer { leader.cleanUp() }
    try await eventually("the coordinator leading") { isServing(leader.runDirectory) }
    _ = try await leader.connect()
    let socketPath = leader.socketPath
    let confirmed = try await offThread {
      try ControlClient(socketPath: socketPath).request(.send(id: 1, action: HighAvailabilityCluster.start("confirmed")), timeout: .seconds(20))
    }
    guard case .sent(id: 1, sequence: _?) = confirmed else { Issue.record("\(confirmed)"); return }

    let replicaPID = try #require(replica.pid)
    kill(replicaPID, SIGSTOP)
    defer { kill(replicaPID, SIGCONT) }
    // Never acknowledged: the replica cannot confirm it. Sent on a connection of its own, as the
    // request waits for an answer the leader will not give.
    let sending = Task {
      try? await offThread {
        try ControlClient(socketPath: socketPath).request(.send(id: 2, action: HighAvailabilityCluster.start("unconfirmed")), timeout: .seconds(20))
      }
    }
    // Its run in the state, not a count of actions: the first send's output and end are actions too.
    try await eventually("the unconfirmed send reduced") { (try? runNames(leader.runDirectory))?.contains("unconfirmed") == true }

    let stopping = ContinuousClock.now
    let exit = await leader.terminate(within: 20)
    let stopped = ContinuousClock.now - stopping
    #expect(exit == 0, "\(leader.log)")
    // A third of the 3 s lease for the replicas, and the orderly stop around it.
    #expect(stopped < .seconds(1) + .seconds(4), "the stop took \(stopped)")
    let log = leader.log
    #expect(log.contains("that its replicas had not confirmed (--ha-replicas 1); they were not acknowledged"), "\(log)")
    #expect(log.contains("steps down with "), "\(log)")
    if case .sent? = await sending.value { Issue.record("the send no replica confirmed was acknowledged") }
  }
}
