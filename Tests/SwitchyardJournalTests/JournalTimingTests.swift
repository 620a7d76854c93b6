import Foundation
import SwitchyardTestSupport
import Synchronization
import Testing

@testable import SwitchyardJournal

/// Issue 37: what the fsync histogram and the snapshot age are measured from — every fsync timed
/// on the writer thread, and when the newest snapshot's file was written, across a reopen too.
@Suite(.onAThreadOfItsOwn) struct JournalTimingTests {
  @Test func everyFsyncIsTimedOnceAndTheLastIsTheStatusOne() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let timed = Mutex<[Duration]>([])
    let options = JournalOptions(durability: .always, observeFsync: { duration in timed.withLock { $0.append(duration) } })
    let (journal, _) = try openJournal(directory, options: options)
    try await appendDurably(journal, 1..<6)
    let status = journal.status
    let durations = timed.withLock { $0 }
    #expect(durations.count == Int(status.syncCount))
    #expect(durations.count >= 5, "each durable append under always is its own fsync")
    #expect(durations.allSatisfy { $0 > .zero })
    #expect(durations.last == .nanoseconds(status.lastSyncNanoseconds))
    journal.close()
  }

  @Test func theNewestSnapshotsWriteTimeIsKeptAndReadBackFromItsFileOnOpen() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    #expect(journal.status.snapshotWrittenNanoseconds == nil)
    try await appendDurably(journal, 1..<3)
    let before = Int64(Date().timeIntervalSince1970 * 1e9)
    try await journal.snapshot(through: 2) { Array("two".utf8) }
    let after = Int64(Date().timeIntervalSince1970 * 1e9)
    let written = try #require(journal.status.snapshotWrittenNanoseconds)
    #expect(written >= before - 1_000_000 && written <= after + 1_000_000)
    journal.close()

    let (reopened, _) = try openJournal(directory)
    defer { reopened.close() }
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.file("snapshot-00000000000000000002.snap"))
    let modified = try #require(attributes[.modificationDate] as? Date).timeIntervalSince1970
    let recovered = try #require(reopened.status.snapshotWrittenNanoseconds)
    #expect(abs(Double(recovered) / 1e9 - modified) < 0.001, "a recovered snapshot's age counts from its file's modification")
    #expect(reopened.status.snapshotSequence == 2)
  }
}
