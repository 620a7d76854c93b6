import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// `--repair` deletes nothing: the bytes it cuts off a damaged segment are copied to a
/// `*.damaged` file first, and the sound records in it read back with ``SetAsideRecords``.
@Suite(.onAThreadOfItsOwn) struct SetAsideTests {
  static let firstSegment = "segment-00000000000000000001.log"

  @Test func repairSetsTheTailAsideWholeAndItsSoundRecordsReadBack() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    try await appendDurably(journal, 1..<301)
    journal.close()
    // One flipped byte in the payload of record 150: records 1…149 before it are sound, and so
    // are 151…300 after it.
    var bytes = directory.contents(Self.firstSegment)
    let damaged = 16 + (0..<149).reduce(0) { total, index in total + 24 + payload(index + 1).count }
    bytes[damaged + 26] ^= 0x01
    directory.write(Self.firstSegment, bytes)

    let log = LogLines()
    let (repaired, replayed) = try openJournal(directory, options: JournalOptions(durability: .always, repair: true, log: log.append))
    repaired.close()
    #expect(replayed.map(\.sequence) == Array(1...149))
    let tailName = Self.firstSegment + ".from-150.damaged"
    #expect(directory.names().contains(tailName))
    #expect(log.lines.count == 1)
    #expect(log.lines.first?.contains(tailName) == true)
    // Every byte cut is in the set-aside file, and nothing else.
    #expect(directory.contents(Self.firstSegment) == Array(bytes[..<damaged]))
    #expect(directory.contents(tailName) == Array(bytes[damaged...]))

    let setAside = try SetAsideRecords(path: directory.file(tailName))
    #expect(setAside.records.map(\.sequence) == Array(151...300))
    #expect(setAside.records.map(\.payload) == (151...300).map(payload))
    #expect(setAside.unreadableBytes == 24 + payload(150).count)
  }

  @Test func aSecondRepairAtTheSameRecordKeepsTheFirstSetAsideFile() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    for round in 1...2 {
      let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .always, repair: true))
      try await appendDurably(journal, (journal.recovery.lastSequence == 0 ? 1 : 4)..<8)
      journal.close()
      var bytes = directory.contents(Self.firstSegment)
      bytes[16 + 32 * 3 + 27] ^= UInt8(round)
      directory.write(Self.firstSegment, bytes)
      let (repaired, _) = try openJournal(directory, options: JournalOptions(durability: .always, repair: true))
      repaired.close()
    }
    let setAside = directory.names().filter { $0.hasSuffix(".damaged") }
    #expect(setAside == [Self.firstSegment + ".from-4.2.damaged", Self.firstSegment + ".from-4.damaged"])
    #expect(try SetAsideRecords(path: directory.file(setAside[0])).records.map(\.sequence) == [5, 6, 7])
  }

  @Test func aWholeSegmentSetAsideReadsBackFromItsHeader() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .always, segmentSize: 100))
    try await appendDurably(journal, 1..<11)
    journal.close()
    let segments = directory.segmentNames()
    var bytes = directory.contents(segments[1])
    bytes[16 + 27] ^= 0x01
    directory.write(segments[1], bytes)
    let (repaired, _) = try openJournal(directory, options: JournalOptions(durability: .always, repair: true))
    repaired.close()
    let later = segments[2] + ".damaged"
    let first = UInt64(segments[2].dropFirst("segment-".count).prefix(20))!
    let records = try SetAsideRecords(path: directory.file(later)).records
    #expect(records.first?.sequence == first)
    #expect(try SetAsideRecords(path: directory.file(later)).unreadableBytes == 0)
  }
}
