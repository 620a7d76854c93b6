import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// `verify`'s walk goes on across the gap a repair leaves when it continues from a snapshot ahead
/// of the damage: it restarts from that snapshot, as the repaired start did, and says which
/// records are missing. (It stopped with "missing records … start with --repair", which the
/// repaired directory's start never changes, so `verify` failed on it until retention removed
/// every segment before the gap.)
@Suite(.onAThreadOfItsOwn) struct WalkAcrossRepairTests {
  @Test func theWalkRestartsFromTheSnapshotARepairContinuedFrom() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    try await journal.snapshot(through: 0) { Array("state 0".utf8) }
    try await appendDurably(journal, 1..<9)
    try await journal.snapshot(through: 8) { Array("state 8".utf8) }
    try await appendDurably(journal, 9..<11)
    journal.close()
    // Records 7 on are lost (the segment ends before them, as an old copy restored leaves it); the
    // repair continues from the snapshot of 8. (Damage to record 7 itself no longer leaves a gap:
    // the snapshot covers it, so recovery reads past it to the records after the snapshot.)
    let segment = "segment-00000000000000000001.log"
    directory.write(segment, Array(directory.contents(segment).prefix(16 + 32 * 6)))
    let (repaired, _) = try openJournal(directory, options: JournalOptions(durability: .always, repair: true))
    try await appendDurably(repaired, 9..<13)
    repaired.close()

    var restored: [UInt64] = []
    var applied: [UInt64] = []
    var missing: [ClosedRange<UInt64>] = []
    let (from, last) = try JournalHistory(directory: directory.path).walk(
      restore: { restored.append($0.sequence) },
      apply: { applied.append($0.sequence) },
      check: { _ in },
      missing: { missing.append($0) }
    )
    #expect(try JournalHistory(directory: directory.path).records(from: 5).map(\.sequence) == [5, 6] + Array(9...12))
    #expect(restored == [0, 8])
    #expect(applied == Array(1...6) + Array(9...12))
    #expect(missing == [7...8])
    #expect(from == 0 && last == 12)
  }

  @Test func aGapNoSnapshotBridgesStillStopsTheWalk() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .always, segmentSize: 100))
    try await journal.snapshot(through: 0) { Array("state 0".utf8) }
    try await appendDurably(journal, 1..<13)
    journal.close()
    let segments = directory.segmentNames()
    try FileManager.default.removeItem(atPath: directory.file(segments[1]))
    #expect(throws: JournalError.self) {
      _ = try JournalHistory(directory: directory.path).walk(restore: { _ in }, apply: { _ in }, check: { _ in })
    }
  }
}
