import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// A data directory that has held records never recovers as less than it held: segments lost
/// before the first real snapshot, the newest segment lost, or the journal cut short, each stop
/// recovery with ``JournalError/recordsLost(directory:evidence:)`` until `--repair`.
@Suite(.onAThreadOfItsOwn) struct LostRecordsTests {
  static let firstSegment = "segment-00000000000000000001.log"

  /// A journal of `count` durable records with only the initial snapshot, as a coordinator leaves
  /// it when it crashes in its first minute.
  func journal(records count: Int, segmentSize: Int = 64 << 20) async throws -> TemporaryDirectory {
    let directory = TemporaryDirectory()
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .always, segmentSize: segmentSize))
    try await journal.snapshot(through: 0) { Array("initial".utf8) }
    try await appendDurably(journal, 1..<(count + 1))
    journal.close()
    return directory
  }

  @Test func theOnlySegmentLostBeforeAnyRealSnapshotIsRefusedNotServedEmpty() async throws {
    let directory = try await journal(records: 300)
    defer { directory.remove() }
    try FileManager.default.removeItem(atPath: directory.file(Self.firstSegment))
    let before = directory.everything()
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard case let .recordsLost(path, evidence) = error as? JournalError else { return false }
      return path == directory.path && evidence.contains("snapshot-00000000000000000000.snap")
    }
    #expect(directory.everything() == before)
    #expect("\(JournalError.recordsLost(directory: "D", evidence: "e"))".contains("--repair"))
  }

  @Test func everyJournalFileLostIsRefusedOnTheHighWaterMarkAlone() async throws {
    let directory = try await journal(records: 10)
    defer { directory.remove() }
    for name in directory.names() where name.hasPrefix("segment-") || name.hasPrefix("snapshot-") {
      try FileManager.default.removeItem(atPath: directory.file(name))
    }
    #expect(throws: JournalError.self) { _ = try openJournal(directory) }
  }

  @Test func theNewestSegmentLostIsRefusedThoughTheOlderOnesReadWhole() async throws {
    let directory = try await journal(records: 10, segmentSize: 100)
    defer { directory.remove() }
    let segments = directory.segmentNames()
    #expect(segments.count >= 3)
    try FileManager.default.removeItem(atPath: directory.file(segments.last!))
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard case let .recordsLost(_, evidence) = error as? JournalError else { return false }
      return evidence.contains(segments[segments.count - 2])
    }
  }

  @Test func recordsCutOffTheEndBelowTheDurableMarkAreRefused() async throws {
    let directory = try await journal(records: 10)
    defer { directory.remove() }
    // The next start marks record 10 as reached.
    let (reopened, _) = try openJournal(directory)
    reopened.close()
    // The segment replaced by an older copy of itself, holding records 1…4 only.
    let fifthRecord = 16 + 32 * 4
    directory.write(Self.firstSegment, Array(directory.contents(Self.firstSegment).prefix(fifthRecord)))
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard case let .recordsLost(_, evidence) = error as? JournalError else { return false }
      return evidence.contains("records through 10") && evidence.contains("record 4")
    }
  }

  @Test func recordsCutOffTheEndOfAClosedJournalAreRefused() async throws {
    let directory = try await journal(records: 10)
    defer { directory.remove() }
    // Cut at a record's end, the segment reads as one that ended there: only the mark its close
    // left tells the two apart.
    let fifthRecord = 16 + 32 * 4
    directory.write(Self.firstSegment, Array(directory.contents(Self.firstSegment).prefix(fifthRecord)))
    let before = directory.everything()
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard case let .recordsLost(_, evidence) = error as? JournalError else { return false }
      return evidence.contains("records through 10") && evidence.contains("record 4")
    }
    #expect(directory.everything() == before)
  }

  @Test func aDurableLastRecordDamagedIsRefusedNotCutAsATornWrite() async throws {
    let directory = try await journal(records: 10)
    defer { directory.remove() }
    var bytes = directory.contents(Self.firstSegment)
    bytes[bytes.count - 2] ^= 0x20
    directory.write(Self.firstSegment, bytes)
    let before = directory.everything()
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard case let .corruptRecord(_, offset, reason) = error as? JournalError else { return false }
      return offset == 16 + 32 * 9 && reason.contains("record 10 was durable")
    }
    #expect(directory.everything() == before)
  }

  @Test func theMarkFollowsDurableRecordsWhileTheJournalIsOpen() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    defer { journal.close() }
    try await appendDurably(journal, 1..<11)
    // Within a second or so, not only at the next segment, snapshot or close: a coordinator killed
    // then leaves a mark a cut journal is refused by.
    try await eventually("HIGHWATER to say record 10 was durable", within: 60) {
      (try? HighWaterMark.read(DataDirectory(path: directory.path)))??.through == 10
    }
  }

  @Test func repairContinuesKnowinglyAndTheNextStartIsQuiet() async throws {
    let directory = try await journal(records: 300)
    defer { directory.remove() }
    try FileManager.default.removeItem(atPath: directory.file(Self.firstSegment))
    let log = LogLines()
    let (repaired, replayed) = try openJournal(directory, options: JournalOptions(durability: .always, repair: true, log: log.append))
    #expect(replayed.isEmpty)
    #expect(log.lines.count == 1)
    #expect(log.lines.first?.hasPrefix("Repaired: journal records were lost: ") == true, "\(log.lines)")
    #expect(log.lines.first?.contains("start with --repair") == false, "\(log.lines)")
    #expect(try repaired.append(payload(1)) == 1)
    try await repaired.waitUntilDurable(1)
    repaired.close()
    let (reopened, again) = try openJournal(directory)
    reopened.close()
    #expect(again.map(\.sequence) == [1])
    #expect(reopened.recovery.changes.isEmpty)
  }

  @Test func aFreshDirectoryAndOneThatCrashedBeforeItsMarkOpenAsEmpty() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, replayed) = try openJournal(directory)
    journal.close()
    #expect(replayed.isEmpty)
    #expect(directory.names().contains("HIGHWATER"))
    try FileManager.default.removeItem(atPath: directory.file("HIGHWATER"))
    let (reopened, _) = try openJournal(directory)
    reopened.close()
    #expect(reopened.recovery.lastSequence == 0)
  }
}
