import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

@Suite(.onAThreadOfItsOwn) struct SnapshotTests {
  @Test func recoveryRestoresTheNewestSnapshotThenReplaysOnlyTheTail() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    try await appendDurably(journal, 1..<4)
    let snapshot = try await journal.snapshot(through: 3) { Array("three".utf8) }
    #expect(snapshot.sequence == 3)
    #expect(journal.status.snapshotSequence == 3)
    try await appendDurably(journal, 4..<6)
    journal.close()

    var restored: JournalSnapshot?
    var replayed: [UInt64] = []
    let reopened = try Journal.open(directory: directory.path) { restored = $0 } replay: { replayed.append($0.sequence) }
    reopened.close()
    #expect(restored?.sequence == 3)
    #expect(restored?.state == Array("three".utf8))
    #expect(replayed == [4, 5])
    #expect(reopened.recovery.snapshotSequence == 3)
    #expect(reopened.recovery.replayedRecords == 2)
  }

  @Test func retentionKeepsTheLastSnapshotsAndTheJournalFromTheOldestOfThem() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let options = JournalOptions(durability: .always, segmentSize: 100, snapshotsKept: 2, historyRetention: .recoveryOnly)
    let (journal, _) = try openJournal(directory, options: options)
    for round in 1...4 {
      try await appendDurably(journal, (round * 10 - 9)..<(round * 10 + 1))
      try await journal.snapshot(through: UInt64(round * 10)) { Array("state \(round)".utf8) }
    }
    journal.close()
    let snapshots = directory.names().filter { $0.hasSuffix(".snap") }
    #expect(snapshots == ["snapshot-00000000000000000030.snap", "snapshot-00000000000000000040.snap"])
    let firstKept = UInt64(directory.segmentNames().first!.dropFirst("segment-".count).prefix(20))!
    #expect(firstKept > 1 && firstKept <= 31)

    // The newest snapshot damaged: recovery falls back to the one before it and replays from there.
    var bytes = directory.contents("snapshot-00000000000000000040.snap")
    bytes[bytes.count - 1] ^= 0xFF
    directory.write("snapshot-00000000000000000040.snap", bytes)
    let log = LogLines()
    var restored: [UInt8] = []
    var replayed: [UInt64] = []
    let reopened = try Journal.open(directory: directory.path, options: JournalOptions(log: log.append)) {
      restored = $0.state
    } replay: { replayed.append($0.sequence) }
    reopened.close()
    #expect(restored == Array("state 3".utf8))
    #expect(replayed == Array(31...40))
    #expect(log.lines.count == 1)
  }

  @Test func recoveryCanStartFromAKeptSnapshotOlderThanTheNewest() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .always, snapshotsKept: 2))
    try await appendDurably(journal, 1..<3)
    try await journal.snapshot(through: 2) { Array("two".utf8) }
    try await appendDurably(journal, 3..<5)
    try await journal.snapshot(through: 4) { Array("four".utf8) }
    try await appendDurably(journal, 5..<6)
    journal.close()

    var restored: [UInt8] = []
    var replayed: [UInt64] = []
    let older = try Journal.open(directory: directory.path, restoringAtOrBefore: 3) { restored = $0.state } replay: {
      replayed.append($0.sequence)
    }
    older.close()
    #expect(restored == Array("two".utf8))
    #expect(replayed == [3, 4, 5])
    #expect(older.recovery.snapshotSequence == 2)

    // None kept that old: the newest, as without a limit.
    replayed = []
    let newest = try Journal.open(directory: directory.path, restoringAtOrBefore: 1) { restored = $0.state } replay: {
      replayed.append($0.sequence)
    }
    newest.close()
    #expect(restored == Array("four".utf8))
    #expect(replayed == [5])
  }

  @Test func anInterruptedSnapshotIsRemovedAtOpen() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    journal.close()
    directory.write("snapshot-00000000000000000009.snap.tmp", [1, 2, 3])
    let (reopened, _) = try openJournal(directory)
    reopened.close()
    #expect(!directory.names().contains("snapshot-00000000000000000009.snap.tmp"))
    #expect(reopened.recovery.changes.count == 1)
  }

  @Test func aFailingEncoderReportsAndWritesNothing() async throws {
    struct Unencodable: Error {}
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    defer { journal.close() }
    try journal.append(payload(1))
    await #expect(throws: JournalError.self) { try await journal.snapshot(through: 1) { throw Unencodable() } }
    #expect(!directory.names().contains { $0.hasPrefix("snapshot-") })
  }

  @Test func thePolicyIsDueAfterEnoughActionsOrTimeButNeverForNone() {
    let policy = SnapshotPolicy(everyActions: 100, every: .seconds(30))
    #expect(!policy.isDue(actionsSinceSnapshot: 0, elapsed: .seconds(3_600)))
    #expect(!policy.isDue(actionsSinceSnapshot: 99, elapsed: .seconds(29)))
    #expect(policy.isDue(actionsSinceSnapshot: 100, elapsed: .zero))
    #expect(policy.isDue(actionsSinceSnapshot: 1, elapsed: .seconds(30)))
    #expect(!SnapshotPolicy(everyActions: nil, every: nil).isDue(actionsSinceSnapshot: .max, elapsed: .seconds(1 << 40)))
    #expect(SnapshotPolicy(everyActions: nil, every: .seconds(Int64.max)).isDue(actionsSinceSnapshot: 1, elapsed: .seconds(Int64.max)))
  }

  @Test func aPolicyWithoutATimeBoundNeverReadsTheClock() {
    let thresholds = SnapshotPolicy.Thresholds(SnapshotPolicy(everyActions: 10, every: nil))
    var reads = 0
    #expect(!thresholds.isDue(actionsSinceSnapshot: 9) { reads += 1; return .max })
    #expect(thresholds.isDue(actionsSinceSnapshot: 10) { reads += 1; return 0 })
    #expect(reads == 0)
  }
}
