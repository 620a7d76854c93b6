import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// The corruption cases proto/JOURNAL.md's recovery rules name, each on a journal of ten records
/// of 32 bytes (`action 1` … `action 10` after a 24-byte header): record n starts at byte 16 + 32·(n−1).
@Suite(.onAThreadOfItsOwn) struct RecoveryTests {
  static let firstSegment = "segment-00000000000000000001.log"

  func journalOfTenRecords(segmentSize: Int = 64 << 20) async throws -> TemporaryDirectory {
    let directory = TemporaryDirectory()
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .always, segmentSize: segmentSize))
    try await appendDurably(journal, 1..<10)
    try await journal.waitUntilDurable(try journal.append(Array("action 10".utf8)))
    journal.close()
    // The tests below damage record 10 as a crash in its write would.
    try directory.markDurable(through: 9)
    return directory
  }

  @Test func aTruncatedLastRecordIsCutWithOneLogLine() async throws {
    let directory = try await journalOfTenRecords()
    defer { directory.remove() }
    let bytes = directory.contents(Self.firstSegment)
    directory.write(Self.firstSegment, Array(bytes.dropLast(5)))
    let log = LogLines()
    let (journal, replayed) = try openJournal(directory, options: JournalOptions(durability: .always, log: log.append))
    #expect(replayed.map(\.payload) == (1..<10).map(payload))
    #expect(log.lines.count == 1)
    #expect(log.lines.first?.contains("torn") == true)
    #expect(journal.recovery.changes == log.lines)
    #expect(try journal.append(payload(10)) == 10)
    try await journal.waitUntilDurable(10)
    journal.close()
    let (reopened, again) = try openJournal(directory)
    reopened.close()
    #expect(again.map(\.sequence) == Array(1...10))
  }

  @Test func aZeroFilledTailIsTornToo() async throws {
    let directory = try await journalOfTenRecords()
    defer { directory.remove() }
    directory.write(Self.firstSegment, directory.contents(Self.firstSegment) + [UInt8](repeating: 0, count: 4_096))
    let (journal, replayed) = try openJournal(directory)
    journal.close()
    #expect(replayed.count == 10)
    #expect(journal.recovery.changes.count == 1)
    // Zeros hold nothing to keep.
    #expect(!directory.names().contains { $0.hasSuffix(".damaged") })
  }

  /// A whole last record whose checksum fails looks torn and is cut, but it may as well be an
  /// acknowledged record that went bad on disk: its bytes are kept beside the segment, as a
  /// repair keeps what it cuts. (They were truncated away, and the record with them.)
  @Test func aTornTailsBytesAreKeptAside() async throws {
    let directory = try await journalOfTenRecords()
    defer { directory.remove() }
    var bytes = directory.contents(Self.firstSegment)
    bytes[bytes.count - 1] ^= 0x40
    directory.write(Self.firstSegment, bytes)
    let (journal, replayed) = try openJournal(directory)
    journal.close()
    #expect(replayed.map(\.payload) == (1..<10).map(payload))
    let aside = "\(Self.firstSegment).from-10.damaged"
    #expect(directory.contents(aside) == Array(bytes[(16 + 32 * 9)...]))
    #expect(journal.recovery.changes.count == 1)
    #expect(journal.recovery.changes.first?.contains(aside) == true)
  }

  /// Where record 4 starts.
  static let fourthRecord = 16 + 32 * 3
  /// Bits flipped in record 4: one in its payload, and one in its length field, which then
  /// reaches past the file's end over the six sound records after it (not a torn write).
  static let flips: [(byte: Int, mask: UInt8)] = [(27, 0x40), (2, 0x01)]

  func journalWithFourthRecordFlipped(byte: Int, mask: UInt8) async throws -> TemporaryDirectory {
    let directory = try await journalOfTenRecords()
    var bytes = directory.contents(Self.firstSegment)
    bytes[Self.fourthRecord + byte] ^= mask
    directory.write(Self.firstSegment, bytes)
    return directory
  }

  @Test(arguments: flips)
  func aFlippedByteMidSegmentStopsRecoveryNamingFileAndOffsetAndChangesNothing(byte: Int, mask: UInt8) async throws {
    let directory = try await journalWithFourthRecordFlipped(byte: byte, mask: mask)
    defer { directory.remove() }
    let before = directory.everything()
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard case let .corruptRecord(segment, offset, _) = error as? JournalError else { return false }
      return segment == Self.firstSegment && offset == Self.fourthRecord
    }
    #expect(directory.everything() == before)
    #expect(throws: JournalError.self) { _ = try JournalHistory(directory: directory.path).records() }
  }

  @Test(arguments: flips)
  func repairSetsAsideEverythingFromAFlippedByteOn(byte: Int, mask: UInt8) async throws {
    let directory = try await journalWithFourthRecordFlipped(byte: byte, mask: mask)
    defer { directory.remove() }
    let (journal, replayed) = try openJournal(directory, options: JournalOptions(durability: .always, repair: true))
    journal.close()
    #expect(replayed.map(\.sequence) == [1, 2, 3])
    #expect(directory.names().contains { $0.hasSuffix(".damaged") }, "the records after the damage are set aside")
  }

  @Test func aLastRecordCutShortWithNothingSoundInsideIsStillTorn() async throws {
    let directory = try await journalOfTenRecords()
    defer { directory.remove() }
    let bytes = directory.contents(Self.firstSegment)
    // The last record's header and half its payload, as a crash in its write leaves it.
    directory.write(Self.firstSegment, Array(bytes.dropLast(4)))
    let (journal, replayed) = try openJournal(directory)
    journal.close()
    #expect(replayed.map(\.sequence) == Array(1...9))
    #expect(journal.recovery.changes.count == 1)
  }

  @Test func repairCutsTheJournalAtTheDamage() async throws {
    let directory = try await journalOfTenRecords(segmentSize: 100)
    defer { directory.remove() }
    let segments = directory.segmentNames()
    var bytes = directory.contents(segments[1])
    bytes[16 + 27] ^= 0x01
    directory.write(segments[1], bytes)
    let log = LogLines()
    let (journal, replayed) = try openJournal(directory, options: JournalOptions(durability: .always, repair: true, log: log.append))
    let firstOfDamaged = UInt64(segments[1].dropFirst("segment-".count).prefix(20))!
    #expect(replayed.map(\.sequence) == Array(1..<firstOfDamaged))
    #expect(try journal.append(payload(99)) == firstOfDamaged)
    journal.close()
    #expect(log.lines.count == 1)
    // The line says what was found and done, not the advice of the refusal it replaced.
    #expect(log.lines.first?.hasPrefix("Repaired: the journal was damaged in \(segments[1]) at byte ") == true, "\(log.lines)")
    #expect(log.lines.first?.contains("Nothing was changed") == false, "\(log.lines)")
    #expect(directory.names().contains(segments[2] + ".damaged"))
  }

  @Test func aMissingSegmentIsNamedAndRefused() async throws {
    let directory = try await journalOfTenRecords(segmentSize: 100)
    defer { directory.remove() }
    let segments = directory.segmentNames()
    #expect(segments.count >= 3)
    try FileManager.default.removeItem(atPath: directory.file(segments[1]))
    let before = directory.everything()
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard case let .missingRecords(_, _, next) = error as? JournalError else { return false }
      return next == segments[2]
    }
    #expect(directory.everything() == before)
  }

  @Test func aSnapshotNewerThanTheJournalIsRefusedAndRepairContinuesFromIt() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    try await appendDurably(journal, 1..<6)
    try await journal.snapshot(through: 5) { Array("state at 5".utf8) }
    journal.close()
    // The journal loses its records, as if its segment were restored from an old backup.
    directory.write(Self.firstSegment, Array(directory.contents(Self.firstSegment).prefix(16)))
    #expect(throws: JournalError.snapshotAheadOfJournal(snapshot: "snapshot-00000000000000000005.snap", sequence: 5, journalEnd: 0)) {
      _ = try openJournal(directory)
    }
    var restored: [UInt8] = []
    let repaired = try Journal.open(directory: directory.path, options: JournalOptions(durability: .always, repair: true)) {
      restored = $0.state
    } replay: { _ in }
    #expect(restored == Array("state at 5".utf8))
    #expect(try repaired.append(payload(6)) == 6)
    repaired.close()
  }

  @Test func aGarbageFileInTheDirectoryIsLeftAlone() async throws {
    let directory = try await journalOfTenRecords()
    defer { directory.remove() }
    directory.write("notes.txt", Array("not a journal file".utf8))
    let (journal, replayed) = try openJournal(directory)
    journal.close()
    #expect(replayed.count == 10)
    #expect(directory.contents("notes.txt") == Array("not a journal file".utf8))
  }

  @Test func garbageUnderASegmentsNameIsRefused() async throws {
    let directory = try await journalOfTenRecords()
    defer { directory.remove() }
    let impostor = "segment-00000000000000000011.log"
    directory.write(impostor, Array(repeating: 0x5A, count: 100))
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard case let .corruptRecord(segment, offset, _) = error as? JournalError else { return false }
      return segment == impostor && offset == 0
    }
    #expect(directory.contents(impostor) == Array(repeating: 0x5A, count: 100))
  }

  @Test func journalFilesWithoutAFormatFileAreRefused() async throws {
    let directory = try await journalOfTenRecords()
    defer { directory.remove() }
    try FileManager.default.removeItem(atPath: directory.file("FORMAT"))
    #expect(throws: JournalError.missingFormatFile(directory: directory.path)) { _ = try openJournal(directory) }
  }
}
