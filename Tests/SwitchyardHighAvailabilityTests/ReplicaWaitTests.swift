import Foundation
import Synchronization
import SwitchyardJournal
import SwitchyardNet
import SwitchyardRedis
import SwitchyardTestSupport
import Testing
@testable import SwitchyardHighAvailability

/// `--ha-replicas N`: the leader's journal acknowledges a batch only once N Redis replicas have it
/// (`WAIT`), against a real `redis-server` and a real replica of it (`--replicaof`); a replica that
/// stops answering is stopped with `SIGSTOP`, so that the primary still counts it as connected.
@Suite(.timeLimit(.minutes(3))) struct ReplicaWaitTests {
  /// Runs `body` with a primary and one replica whose link to it is up.
  private func withReplicatedRedis(_ body: @escaping @Sendable (LocalRedisServer, LocalRedisServer) throws -> Void) async throws {
    try await withRedisServer { primary in
      let replica = try LocalRedisServer(extraArguments: ["--replicaof", "127.0.0.1", "\(primary.port)"])
      defer { replica.stop() }
      let connection = RedisConnection(configuration: replica.configuration)
      defer { connection.close() }
      try waitUntil {
        guard case let .bulkString(info) = try connection.send(RedisCommand("INFO", "replication")) else { return false }
        return String(decoding: info, as: UTF8.self).contains("master_link_status:up")
      }
      try body(primary, replica)
    }
  }

  /// A journal in `directory` copied to the shared journal by a leader asking `replicas` replicas.
  private func leading(_ primary: LocalRedisServer, replicas: Int, leaseTTL: Duration, directory: String) throws -> (Leadership, Journal) {
    let configuration = HighAvailabilityConfiguration(
      redis: primary.configuration, coordinator: "wait-test", leaseTTL: leaseTTL, holder: "leader", replicas: replicas)
    let leadership = try HighAvailabilityNode(configuration: configuration).standByUntilLeading(
      directory: directory, journalOptions: JournalOptions(), log: { _ in })
    let journal = try Journal.open(
      directory: directory, options: JournalOptions(durability: .always, replication: leadership.replication), replay: { _ in })
    return (leadership, journal)
  }

  /// Waits for `sequence` to be durable, returning how that ended.
  private func durable(_ journal: Journal, _ sequence: UInt64) -> Result<Void, JournalError> {
    let outcome = Mutex<Result<Void, JournalError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    journal.whenDurable(sequence) { result in
      outcome.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    return outcome.withLock { $0! }
  }

  /// Runs `body` with the replica and a journal whose leader asks for one replica, its lease
  /// renewed throughout.
  private func withLeaderAskingOneReplica(_ body: @escaping @Sendable (LocalRedisServer, Leadership, Journal) throws -> Void) async throws {
    let root = uniqueTemporaryPath("ha-wait")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await withReplicatedRedis { primary, replica in
      let (leadership, journal) = try leading(primary, replicas: 1, leaseTTL: .seconds(3), directory: root)
      defer {
        journal.close()
        leadership.keeper.stop(release: true)
      }
      try body(replica, leadership, journal)
    }
  }

  @Test func anAcknowledgedRecordIsOnTheReplica() async throws {
    try await withLeaderAskingOneReplica { replica, _, journal in
      let connection = RedisConnection(configuration: replica.configuration)
      defer { connection.close() }
      let onReplica = FencedJournalStream(connection: connection, layout: HighAvailabilityLayout(coordinator: "wait-test"))
      for number in 1...3 {
        let sequence = try journal.append(Array("action \(number)".utf8))
        try durable(journal, sequence).get()
        // Read at once, with no waiting: WAIT returned only once the replica had the write.
        #expect(try onReplica.read(after: 0).last?.last == sequence)
      }
    }
  }

  /// Stops `replica` (the primary still sees it connected, acknowledging nothing new) until the
  /// returned closure resumes it.
  private func pause(_ replica: LocalRedisServer) throws -> @Sendable () -> Void {
    let pid = try #require(replica.pid)
    kill(pid, SIGSTOP)
    return { kill(pid, SIGCONT) }
  }

  @Test func aConnectionMadeAgainBetweenAnAppendAndItsWaitStillWaitsForTheReplica() async throws {
    try await withReplicatedRedis { primary, replica in
      let layout = HighAvailabilityLayout(coordinator: "wait-kill")
      let writer = RedisConnection(configuration: primary.configuration)
      let admin = RedisConnection(configuration: primary.configuration)
      defer {
        writer.close()
        admin.close()
      }
      let grant = try #require(try RedisLease(connection: admin, layout: layout, ttl: .seconds(30)).acquire(holder: "leader"))
      let stream = FencedJournalStream(connection: writer, layout: layout)
      // The primary counts the replica only once it acknowledges: here, the lease just written.
      try waitUntil { try admin.send(RedisCommand("WAIT", "1", "1000")).integer == 1 }
      let resume = try pause(replica)
      defer { resume() }
      try stream.append(JournalStreamEntry(first: 1, last: 1, epoch: grant.epoch, records: Array("action".utf8)), under: grant)
      let appendedOn = try #require(try writer.send(RedisCommand("CLIENT", "ID")).integer)
      try admin.send(RedisCommand("CLIENT", "KILL", "ID", String(appendedOn)))
      // The hazard: a connection that sent nothing before WAIT has it count the paused replica at once.
      let bare = try Socket.connect(host: "127.0.0.1", port: primary.port, deadline: .now + .seconds(30))
      defer { bare.close() }
      try bare.write(Array("WAIT 1 100\r\n".utf8))
      #expect(try bare.read(upTo: 64, deadline: .now + .seconds(30)) == Array(":1\r\n".utf8))

      let asked = ContinuousClock.now
      #expect(try stream.waitForReplicas(1, timeout: .milliseconds(300)) == 0, "WAIT counted a replica that has not the append")
      #expect(ContinuousClock.now - asked >= .milliseconds(250))
      #expect(try writer.send(RedisCommand("CLIENT", "ID")).integer != appendedOn, "the writer's connection was not made again")
      resume()
      #expect(try stream.waitForReplicas(1, timeout: .seconds(30)) == 1)
      let onReplica = RedisConnection(configuration: replica.configuration)
      defer { onReplica.close() }
      #expect(try FencedJournalStream(connection: onReplica, layout: layout).read(after: 0).last?.last == 1)
    }
  }

  @Test func aStoppingLeaderGivesUpOnAMissingReplicaAndSaysWhichRecords() async throws {
    // Renewed all along: only the stop can end the wait.
    try await withLeaderAskingOneReplica { replica, leadership, journal in
      try durable(journal, try journal.append(Array("confirmed".utf8))).get()
      let resume = try pause(replica)
      defer { resume() }
      let sequence = try journal.append(Array("unconfirmed".utf8))
      let asked = ContinuousClock.now
      leadership.stopWaitingForReplicas()
      let failure = try #require(durable(journal, sequence).failure)
      // A third of the lease more at most, plus the WAIT under way when the stop began.
      #expect(ContinuousClock.now - asked < .milliseconds(2_000 + 500), "the stop was not bounded")
      #expect(ContinuousClock.now < leadership.keeper.heldUntil, "it gave up because the lease ran out, not for the stop")
      #expect("\(failure)".contains("had journal records 2–2 when this leader stopped"), "\(failure)")
      #expect(leadership.unconfirmedRecords == 2...2)
    }
  }

  @Test func tooFewReplicasHoldTheAcknowledgementUntilTheLeaseRunsOut() async throws {
    let root = uniqueTemporaryPath("ha-wait")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await withReplicatedRedis { primary, _ in
      let (leadership, journal) = try leading(primary, replicas: 2, leaseTTL: .milliseconds(1_500), directory: root)
      defer { journal.close() }
      // A leader no longer renewing: its lease runs out while it waits for the missing replica.
      leadership.keeper.stop(release: false)
      let asked = ContinuousClock.now
      let outcome = durable(journal, try journal.append(Array("action".utf8)))
      let failure = try #require(outcome.failure)
      #expect("\(failure)".contains("Only 1 of the 2 Redis replicas --ha-replicas asks for had journal record 1"), "\(failure)")
      #expect(ContinuousClock.now - asked >= .milliseconds(400), "it did not wait for the replicas")
    }
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case let .failure(error) = self { error } else { nil }
  }
}
