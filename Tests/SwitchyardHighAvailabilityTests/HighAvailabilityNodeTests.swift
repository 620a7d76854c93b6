import SwitchyardLog
import Foundation
import Synchronization
import SwitchyardJournal
import SwitchyardRedis
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardHighAvailability

@Suite(.timeLimit(.minutes(3))) struct HighAvailabilityNodeTests {
  // A lease of 2 s: with one of 600 ms the test timed out now and then beside other suites on a loaded machine.
  private func configuration(_ server: LocalRedisServer, holder: String) -> HighAvailabilityConfiguration {
    HighAvailabilityConfiguration(redis: server.configuration, coordinator: "node-test", leaseTTL: .seconds(2), holder: holder)
  }

  private func payload(_ number: Int) -> [UInt8] { Array("action \(number)".utf8) }

  /// Every record in `directory`'s journal, read by opening it.
  private func records(in directory: String) throws -> (snapshot: UInt64?, records: [JournalRecord]) {
    var records: [JournalRecord] = []
    var snapshot: UInt64?
    let journal = try Journal.open(directory: directory, restore: { snapshot = $0.sequence }, replay: { records.append($0) })
    journal.close()
    return (snapshot, records)
  }

  @Test func aStandbyCopiesTheLeadersJournalTakesOverAndFencesTheOldLeader() async throws {
    let root = uniqueTemporaryPath("ha-node")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await withRedisServer { server in
      let log: @Sendable (LogEvent) -> Void = { _ in }
      let first = HighAvailabilityNode(configuration: configuration(server, holder: "first"))
      let leading = try first.standByUntilLeading(directory: "\(root)/first", journalOptions: JournalOptions(), log: log)
      #expect(leading.seedsSharedJournal)
      #expect(first.status.role == .leader && first.status.epoch == 1)
      let journal = try Journal.open(
        directory: "\(root)/first", options: JournalOptions(durability: .always, replication: leading.replication), replay: { _ in })
      let snapshotted = DispatchSemaphore(value: 0)
      journal.snapshot(through: 0, encode: { Array("initial".utf8) }) { _ in snapshotted.signal() }
      snapshotted.wait()
      for number in 1...5 { try journal.append(payload(number)) }
      let waited = DispatchSemaphore(value: 0)
      journal.whenDurable(5) { _ in waited.signal() }
      waited.wait()

      let second = HighAvailabilityNode(configuration: configuration(server, holder: "second"))
      let copied = Mutex<[UInt64]>([])
      let takeover = Mutex<Result<Leadership, any Error>?>(nil)
      let tookOver = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        let result = Result {
          try second.standByUntilLeading(
            directory: "\(root)/second", journalOptions: JournalOptions(), replay: { record in copied.withLock { $0.append(record.sequence) } },
            log: log)
        }
        takeover.withLock { $0 = result }
        tookOver.signal()
      }
      try waitUntil { second.status.role == .standby && second.status.appliedSequence == 5 }
      #expect(second.status.leader == "first" && second.status.lag == 0)
      for number in 6...8 { try journal.append(payload(number)) }
      try waitUntil { copied.withLock { $0.last } == 8 }
      #expect(copied.withLock { $0 } == Array(1...8))

      // The first leader stops renewing, as a stopped or cut-off process does, but still writes.
      leading.keeper.stop(release: false)
      #expect(tookOver.wait(timeout: .now() + 10) == .success)
      let successor = try #require(takeover.withLock { $0 }).get()
      #expect(successor.keeper.grant.epoch == 2)
      #expect(second.status.role == .leader)
      try journal.append(payload(9))
      let refused = DispatchSemaphore(value: 0)
      let outcome = Mutex<Result<Void, JournalError>?>(nil)
      journal.whenDurable(9) { result in
        outcome.withLock { $0 = result }
        refused.signal()
      }
      refused.wait()
      #expect(throws: JournalError.self) { try outcome.withLock { $0 }!.get() }
      journal.close()

      let stream = FencedJournalStream(connection: RedisConnection(configuration: server.configuration), layout: HighAvailabilityLayout(coordinator: "node-test"))
      #expect(try stream.head() == 8, "the deposed leader's record 9 never reached the shared journal")
      #expect(try stream.read(after: 0).allSatisfy { $0.epoch == 1 })
      let local = try records(in: "\(root)/second")
      #expect(local.snapshot == 0)
      #expect(local.records.map(\.payload) == (1...8).map(payload))
      successor.keeper.stop(release: true)
    }
  }

  /// A standby cut off from Redis says so, so that a readiness probe does not take its last lag
  /// of 0 for a copy caught up, and says so no more once Redis answers again.
  @Test func aStandbyCutOffFromRedisReportsItUntilRedisAnswers() async throws {
    let root = uniqueTemporaryPath("ha-node-cut")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await withRedisServer { server in
      let log: @Sendable (LogEvent) -> Void = { _ in }
      let first = HighAvailabilityNode(configuration: configuration(server, holder: "first"))
      let leading = try first.standByUntilLeading(directory: "\(root)/first", journalOptions: JournalOptions(), log: log)
      let second = HighAvailabilityNode(configuration: configuration(server, holder: "second"))
      let done = DispatchSemaphore(value: 0)
      let outcome = Mutex<Leadership?>(nil)
      Thread.detachNewThread {
        let leadership = try? second.standByUntilLeading(directory: "\(root)/second", journalOptions: JournalOptions(), log: log)
        outcome.withLock { $0 = leadership }
        done.signal()
      }
      try waitUntil { second.status.leader == "first" }
      #expect(second.status.redisUnreachable == nil)

      server.kill()
      try waitUntil { second.status.redisUnreachable != nil }
      #expect(second.status.role == .standby && second.status.lag == 0, "its last lag, which alone would read as caught up")
      try server.start()
      try waitUntil { second.status.redisUnreachable == nil }
      leading.keeper.stop(release: true)
      #expect(done.wait(timeout: .now() + 30) == .success)
      outcome.withLock { $0 }?.keeper.stop(release: true)
    }
  }

  /// The leader changes a node counts from the epochs it sees: none for the first, each grant
  /// after it, a time without a leader skipped, an epoch gone back (Redis lost its data) one.
  @Test func leaderChangesAreCountedFromTheEpochsSeen() {
    var standing = HighAvailabilityNode.Standing()
    for (epoch, changes): (UInt64, UInt64) in [(0, 0), (3, 0), (3, 0), (0, 0), (4, 1), (6, 3), (1, 4), (1, 4)] {
      standing.update(HighAvailabilityReport(role: .standby, epoch: epoch, leader: nil, appliedSequence: 0, lag: 0))
      #expect(standing.leaderChanges == changes, "after epoch \(epoch)")
    }
  }
}
