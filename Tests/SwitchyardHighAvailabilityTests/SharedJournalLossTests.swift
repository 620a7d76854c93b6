import SwitchyardLog
import Foundation
import Synchronization
import SwitchyardJournal
import SwitchyardRedis
import SwitchyardTestSupport
import Testing
@testable import SwitchyardHighAvailability

/// Redis losing the shared journal (restarted without persistence, or flushed) must not let a
/// standby seed a new one from its copy, which may lack what the leader acknowledged since: the
/// audit lost 599 acknowledged sends that way. Only a coordinator whose own journal is whole may.
@Suite(.timeLimit(.minutes(3))) struct SharedJournalLossTests {
  private func configuration(_ server: LocalRedisServer, holder: String) -> HighAvailabilityConfiguration {
    HighAvailabilityConfiguration(redis: server.configuration, coordinator: "loss-test", leaseTTL: .seconds(2), holder: holder)
  }

  private func payload(_ number: Int) -> [UInt8] { Array("action \(number)".utf8) }

  /// Opens `directory` as a leader's journal copying to `leading`'s shared journal, snapshots
  /// through `through` (so standbys have a copy to start from) and appends `numbers` durably.
  private func lead(_ leading: Leadership, in directory: String, snapshotThrough through: UInt64, appending numbers: ClosedRange<Int>) throws -> Journal {
    let journal = try Journal.open(
      directory: directory, options: JournalOptions(durability: .always, replication: leading.replication), replay: { _ in })
    let snapshotted = DispatchSemaphore(value: 0)
    journal.snapshot(through: through, encode: { Array("state".utf8) }) { _ in snapshotted.signal() }
    snapshotted.wait()
    for number in numbers { try journal.append(payload(number)) }
    let durable = DispatchSemaphore(value: 0)
    journal.whenDurable(UInt64(numbers.upperBound)) { _ in durable.signal() }
    durable.wait()
    return journal
  }

  @Test func aStandbyWhoseSharedJournalVanishedDoesNotSeedANewOneFromItsCopy() async throws {
    let root = uniqueTemporaryPath("ha-loss")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await withRedisServer { server in
      let lines = Mutex<[String]>([])
      let log: @Sendable (LogEvent) -> Void = { event in lines.withLock { $0.append(event.message) } }
      let first = HighAvailabilityNode(configuration: configuration(server, holder: "first"))
      let leading = try first.standByUntilLeading(directory: "\(root)/first", journalOptions: JournalOptions(), log: { _ in })
      let journal = try lead(leading, in: "\(root)/first", snapshotThrough: 0, appending: 1...5)

      let second = HighAvailabilityNode(configuration: configuration(server, holder: "second"))
      let takeover = Mutex<Result<Leadership, any Error>?>(nil)
      let tookOver = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        let result = Result { try second.standByUntilLeading(directory: "\(root)/second", journalOptions: JournalOptions(), log: log) }
        takeover.withLock { $0 = result }
        tookOver.signal()
      }
      try waitUntil { second.status.role == .standby && second.status.appliedSequence == 5 }

      // Redis loses everything; the leader is gone with it (its renewals find no lease).
      leading.keeper.stop(release: false)
      journal.close()
      _ = try RedisConnection(configuration: server.configuration).send(RedisCommand("FLUSHALL"))
      // The lease is free at once, and the standby asks for it every 400 ms: it must not lead.
      let refused = tookOver.wait(timeout: .now() + 3) == .timedOut
      #expect(refused, "the standby led from a copy of a shared journal Redis lost")
      guard refused else {
        try takeover.withLock { $0 }?.get().keeper.stop(release: true)
        return
      }
      #expect(lines.withLock { $0 }.contains { $0.contains("lost the shared journal") })

      // The last leader, whose own journal is whole, seeds the shared journal again; the standby
      // copies it and takes over once that leader gives the lease up.
      let again = HighAvailabilityNode(configuration: configuration(server, holder: "first again"))
      let leadingAgain = try again.standByUntilLeading(directory: "\(root)/first", journalOptions: JournalOptions(), log: { _ in })
      #expect(leadingAgain.seedsSharedJournal)
      let reopened = try lead(leadingAgain, in: "\(root)/first", snapshotThrough: 5, appending: 6...7)
      reopened.close()
      try waitUntil { second.status.appliedSequence == 7 }
      leadingAgain.keeper.stop(release: true)
      #expect(tookOver.wait(timeout: .now() + 10) == .success)
      let successor = try #require(takeover.withLock { $0 }).get()
      #expect(!successor.seedsSharedJournal)
      successor.keeper.stop(release: true)
    }
  }
}
