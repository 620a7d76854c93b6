import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// Recovery needs only the records after the snapshot it starts from: damage to records the
/// snapshot covers, in the segment that holds the snapshot's next record, is read past with one
/// warning, and nothing is changed. (It stopped the start, and `--repair` cut the journal at the
/// damage, setting aside the sound, acknowledged records after the snapshot, which the state then
/// lacked.) Each journal holds twenty records of 33 bytes (`action 01` … `action 20` after a
/// 24-byte header), record n at byte 16 + 33·(n−1), and a snapshot of record 12.
@Suite(.onAThreadOfItsOwn) struct DamageBeforeSnapshotTests {
  static let segment = "segment-00000000000000000001.log"

  static func offset(ofRecord sequence: Int) -> Int {
    16 + 33 * (sequence - 1)
  }

  static func payload(_ sequence: Int) -> [UInt8] {
    Array(String(format: "action %02d", sequence).utf8)
  }

  /// Twenty records, snapshots of records 0 and 12, and `reopened` a start after them (which
  /// raises `HIGHWATER` past the snapshot).
  func journalOfTwentyRecords(reopened: Bool = false) async throws -> TemporaryDirectory {
    let directory = TemporaryDirectory()
    let (journal, _) = try openJournal(directory)
    try await journal.snapshot(through: 0) { Array("state 0".utf8) }
    for sequence in 1...20 {
      try await journal.waitUntilDurable(try journal.append(Self.payload(sequence)))
      if sequence == 12 { try await journal.snapshot(through: 12) { Array("state 12".utf8) } }
    }
    journal.close()
    if reopened { try openJournal(directory).0.close() }
    return directory
  }

  func flip(_ directory: TemporaryDirectory, record sequence: Int, byte: Int, mask: UInt8) {
    var bytes = directory.contents(Self.segment)
    bytes[Self.offset(ofRecord: sequence) + byte] ^= mask
    directory.write(Self.segment, bytes)
  }

  /// Opens the journal, returning it, the snapshot it restored and the records it replayed.
  func open(_ directory: TemporaryDirectory, repair: Bool = false, log: LogLines = LogLines()) throws -> (Journal, String, [UInt64]) {
    var restored = ""
    var replayed: [UInt64] = []
    let journal = try Journal.open(directory: directory.path, options: JournalOptions(durability: .always, repair: repair, log: log.append)) {
      restored = String(decoding: $0.state, as: UTF8.self)
    } replay: {
      replayed.append($0.sequence)
    }
    return (journal, restored, replayed)
  }

  /// A flipped bit in record 5's payload, and one in its length field, which then reaches past the
  /// file's end over the records after it.
  static let flips: [(byte: Int, mask: UInt8)] = [(27, 0x40), (2, 0x01)]

  @Test(arguments: [false, true], flips)
  func recoveryKeepsEveryRecordAfterTheSnapshotAndChangesNothing(repair: Bool, flip: (byte: Int, mask: UInt8)) async throws {
    let directory = try await journalOfTwentyRecords()
    defer { directory.remove() }
    self.flip(directory, record: 5, byte: flip.byte, mask: flip.mask)
    let damaged = directory.contents(Self.segment)
    let log = LogLines()
    let (journal, restored, replayed) = try open(directory, repair: repair, log: log)
    #expect(restored == "state 12")
    #expect(replayed == Array(13...20))
    // Waits for the number it got: had a repair numbered it 13, waiting for 21 would never end.
    let appended = try journal.append(Self.payload(21))
    #expect(appended == 21)
    try await journal.waitUntilDurable(appended)
    journal.close()
    // One warning naming the segment, the byte, the record, the snapshot and what to do.
    #expect(log.lines.count == 1, "\(log.lines)")
    let line = log.lines.first ?? ""
    #expect(line.hasPrefix("warning: The journal is damaged in \(Self.segment) at byte \(Self.offset(ofRecord: 5)) "), "\(line)")
    for words in ["record 5 cannot be read", "snapshot of record 12 covers it", "Nothing was changed", "switchyard backup", "retention"] {
      #expect(line.contains(words), "\(line) lacks \(words)")
    }
    #expect(line.contains("--repair had nothing to cut") == repair, "\(line)")
    #expect(journal.recovery.changes.count == 1)
    // Nothing set aside, and the damaged bytes are where they were, the new record after them.
    #expect(!directory.names().contains { $0.hasSuffix(".damaged") })
    #expect(directory.segmentNames() == [Self.segment])
    #expect(Array(directory.contents(Self.segment).prefix(damaged.count)) == damaged)
    let (reopened, _, again) = try open(directory)
    reopened.close()
    #expect(again == Array(13...21))
  }

  @Test func aDamagedHeaderOfTheSegmentTheSnapshotStartsInIsReadPast() async throws {
    let directory = try await journalOfTwentyRecords()
    defer { directory.remove() }
    var bytes = directory.contents(Self.segment)
    bytes[0] ^= 0x01
    directory.write(Self.segment, bytes)
    let log = LogLines()
    let (journal, restored, replayed) = try open(directory, log: log)
    journal.close()
    #expect(restored == "state 12" && replayed == Array(13...20))
    #expect(log.lines.count == 1 && log.lines.first?.contains("\(Self.segment) at byte 0") == true, "\(log.lines)")
    #expect(directory.contents(Self.segment) == bytes)
  }

  /// Damage that leaves no sound record after it, where `HIGHWATER` says records after the
  /// snapshot were durable: the state needs what the damage hides, so recovery refuses as before.
  @Test func damageHidingRecordsAfterTheSnapshotIsRefusedAsBefore() async throws {
    let directory = try await journalOfTwentyRecords(reopened: true)
    defer { directory.remove() }
    let bytes = directory.contents(Self.segment)
    directory.write(Self.segment, Array(bytes.prefix(Self.offset(ofRecord: 8))) + Array(repeating: 0x5A, count: bytes.count - Self.offset(ofRecord: 8)))
    let before = directory.everything()
    #expect {
      _ = try open(directory)
    } throws: { error in
      guard case let .corruptRecord(segment, offset, _) = error as? JournalError else { return false }
      return segment == Self.segment && offset == Self.offset(ofRecord: 8)
    }
    #expect(directory.everything() == before)
  }

  /// A journal that ends at its snapshot, its last records zeroed: nothing says records followed,
  /// so appending starts a segment of its own after the snapshot, the damaged one left as it is.
  @Test func damageAtTheEndOfAJournalTheSnapshotCoversStartsTheNextSegment() async throws {
    let directory = try await journalEndingAtItsSnapshot()
    defer { directory.remove() }
    let damaged = damagingFromRecord8(directory, with: 0)
    let (reopened, restored, replayed) = try open(directory)
    #expect(restored == "state 12" && replayed.isEmpty)
    let appended = try reopened.append(Self.payload(13))
    #expect(appended == 13)
    try await reopened.waitUntilDurable(appended)
    reopened.close()
    #expect(reopened.recovery.changes.first?.contains("records 8 through 12 cannot be read") == true, "\(reopened.recovery.changes)")
    #expect(directory.segmentNames() == [Self.segment, "segment-00000000000000000013.log"])
    #expect(directory.contents(Self.segment) == damaged)
    let (again, _, replayedAgain) = try open(directory)
    again.close()
    #expect(replayedAgain == [13] && again.recovery.changes.isEmpty)
  }

  /// Bytes other than zeros from the damage to the end may have been records appended after the
  /// snapshot, which `HIGHWATER` does not yet count: refused as any damage is, nothing changed.
  @Test func garbageToTheEndAfterDamageTheSnapshotCoversIsRefused() async throws {
    let directory = try await journalEndingAtItsSnapshot()
    defer { directory.remove() }
    let damaged = damagingFromRecord8(directory, with: 0x5A)
    #expect {
      try open(directory)
    } throws: { error in
      if case .corruptRecord(Self.segment, Self.offset(ofRecord: 8), _) = error as? JournalError { true } else { false }
    }
    #expect(directory.contents(Self.segment) == damaged && directory.segmentNames() == [Self.segment])
  }

  /// Twelve records, the snapshot of the last, and the journal closed.
  private func journalEndingAtItsSnapshot() async throws -> TemporaryDirectory {
    let directory = TemporaryDirectory()
    let (journal, _) = try openJournal(directory)
    for sequence in 1...12 { try await journal.waitUntilDurable(try journal.append(Self.payload(sequence))) }
    try await journal.snapshot(through: 12) { Array("state 12".utf8) }
    journal.close()
    return directory
  }

  /// Overwrites the segment from record 8 to its end with `byte`; returns what it then holds.
  private func damagingFromRecord8(_ directory: TemporaryDirectory, with byte: UInt8) -> [UInt8] {
    let bytes = directory.contents(Self.segment)
    let damaged = Array(bytes.prefix(Self.offset(ofRecord: 8))) + Array(repeating: byte, count: bytes.count - Self.offset(ofRecord: 8))
    directory.write(Self.segment, damaged)
    return damaged
  }

  /// The coordinator asks for an older snapshot to make again effects in flight before the
  /// newest; when the records between cannot be read, it gets the newest, which needs none of them.
  @Test func anOlderSnapshotAskedForYieldsToTheNewestWhenTheRecordsBetweenAreDamaged() async throws {
    let directory = try await journalOfTwentyRecords()
    defer { directory.remove() }
    flip(directory, record: 5, byte: 27, mask: 0x40)
    var restored = ""
    var replayed: [UInt64] = []
    let log = LogLines()
    let journal = try Journal.open(directory: directory.path, options: JournalOptions(durability: .always, log: log.append), restoringAtOrBefore: 3) {
      restored = String(decoding: $0.state, as: UTF8.self)
    } replay: {
      replayed.append($0.sequence)
    }
    journal.close()
    #expect(restored == "state 12" && replayed == Array(13...20))
    #expect(log.lines.first?.contains("rather than the snapshot of record 0") == true, "\(log.lines)")
  }
}
