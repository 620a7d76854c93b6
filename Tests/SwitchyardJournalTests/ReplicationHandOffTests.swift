import Foundation
import Synchronization
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// The journal's writer hands each batch to its ``JournalReplication`` alongside the local write:
/// a failed copy stops the journal and says so once, and a copy that got through while the local
/// write stalled is not sent again when the write is retried.
@Suite(.onAThreadOfItsOwn) struct ReplicationHandOffTests {
  /// A replica that keeps the sequence ranges it was given, and fails while told to.
  final class Replica: JournalReplication {
    private let ranges = Mutex<[ClosedRange<UInt64>]>([])
    let refusal = Mutex<String?>(nil)

    var copied: [ClosedRange<UInt64>] { ranges.withLock { $0 } }

    func replicate(_ records: [UInt8], first: UInt64, last: UInt64) throws {
      if let refusal = refusal.withLock({ $0 }) { throw Refused(reason: refusal) }
      ranges.withLock { $0.append(first...last) }
    }

    func replicate(_ snapshot: JournalSnapshot, keeping kept: Int) throws {
      if let refusal = refusal.withLock({ $0 }) { throw Refused(reason: refusal) }
    }
  }

  struct Refused: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
  }

  @Test func aFailedCopyStopsTheJournalAndSaysSoOnce() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let replica = Replica()
    replica.refusal.withLock { $0 = "Redis refused the write" }
    let journal = try Journal.open(directory: directory.path, options: JournalOptions(durability: .always, replication: replica)) { _ in }
    defer { journal.close() }
    let first = try journal.append(payload(1))
    let failure = await #expect(throws: JournalError.self) { try await journal.waitUntilDurable(first) }
    let refused = "\(try #require(failure))"
    let next = #expect(throws: JournalError.self) { try journal.append(payload(2)) }
    for message in [refused, "\(try #require(next))"] {
      #expect(message.components(separatedBy: "accepts no more records").count == 2, "\(message)")
      #expect(message.contains("Copying records 1–1 to the journal's replica failed") && message.contains("Redis refused the write"), "\(message)")
    }
  }

  @Test func aSnapshotNotCopiedSaysSoAndTheJournalGoesOn() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let replica = Replica()
    let journal = try Journal.open(directory: directory.path, options: JournalOptions(durability: .always, replication: replica)) { _ in }
    defer { journal.close() }
    let first = try journal.append(payload(1))
    try await journal.waitUntilDurable(first)
    replica.refusal.withLock { $0 = "Redis refused the write" }
    let failure = await #expect(throws: JournalError.self) { try await journal.snapshot(through: first) { [1, 2, 3] } }
    #expect(
      "\(try #require(failure))"
        == "The snapshot of record 1 is in the data directory, but copying it to the journal's replica failed, so the replica keeps "
        + "its older snapshots for standbys to start from; the journal goes on: Redis refused the write")
    // It goes on indeed: the next record is written, and copied once the replica takes it again.
    replica.refusal.withLock { $0 = nil }
    try await journal.waitUntilDurable(try journal.append(payload(2)))
    #expect(replica.copied.last == 2...2)
  }

  @Test(.enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs"))
  func aCopyMadeWhileTheLocalWriteStalledIsNotMadeAgain() async throws {
    let disk = try SmallDisk(megabytes: 4)
    defer { disk.remove() }
    let replica = Replica()
    let journal = try Journal.open(directory: disk.path + "/data", options: JournalOptions(durability: .always, replication: replica)) { _ in }
    defer { journal.close() }
    try await journal.waitUntilDurable(try journal.append(payload(1)))
    // Stalled with one record, retried as it was: the copy made beside the failed write stands.
    disk.fill()
    let second = try journal.append(DiskFullTests.largePayload)
    try await eventually("the journal to stall") { journal.stall != nil }
    // The copy ran beside the local write that failed: the replica has the record the disk lacks.
    #expect(replica.copied == [1...1, 2...2])
    disk.free()
    try await journal.waitUntilDurable(second)
    try await journal.waitUntilDurable(try journal.append(payload(3)))
    // Stalled again, with a record joining the retry: only the new one is copied then.
    disk.fill()
    let fourth = try journal.append(DiskFullTests.largePayload)
    try await eventually("the journal to stall again") { journal.stall != nil }
    let fifth = try journal.append(payload(5))
    disk.free()
    try await journal.waitUntilDurable(fourth)
    try await journal.waitUntilDurable(fifth)
    #expect(replica.copied == [1...1, 2...2, 3...3, 4...4, 5...5], "each record copied once, in order")
  }
}
