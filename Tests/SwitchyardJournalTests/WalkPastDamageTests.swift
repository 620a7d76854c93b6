import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// `verify`'s walk and `history` go past damage that a later sound snapshot covers, which recovery
/// never reads: they name it and go on from that snapshot. (They stopped with "start with --repair
/// to cut the journal there", which changes nothing where recovery does not read.) Each journal's
/// records add their number to a running total, with snapshots of records 0, 10 and 20.
@Suite(.onAThreadOfItsOwn) struct WalkPastDamageTests {
  func summingJournal(segmentSize: Int) async throws -> TemporaryDirectory {
    try await SwitchyardJournalTests.summingJournal(
      options: JournalOptions(durability: .always, segmentSize: segmentSize), snapshotsFromZero: true)
  }

  func total(at sequence: UInt64, in directory: TemporaryDirectory) throws -> Int {
    try JournalHistory(directory: directory.path).state(at: sequence) {
      0
    } restore: { snapshot in
      Int(String(decoding: snapshot.state, as: UTF8.self))!
    } apply: { total, record in
      total += Int(String(decoding: record.payload, as: UTF8.self))!
    }
  }

  /// Flips a bit at `byte` of the segment `name`.
  func flip(_ directory: TemporaryDirectory, _ name: String, byte: Int) {
    var bytes = directory.contents(name)
    bytes[byte] ^= 0x40
    directory.write(name, bytes)
  }

  func walk(_ directory: TemporaryDirectory) throws -> (restored: [UInt64], applied: [UInt64], checked: [UInt64], damaged: [JournalDamage]) {
    var walked: (restored: [UInt64], applied: [UInt64], checked: [UInt64], damaged: [JournalDamage]) = ([], [], [], [])
    _ = try JournalHistory(directory: directory.path).walk(
      restore: { walked.restored.append($0.sequence) },
      apply: { walked.applied.append($0.sequence) },
      check: { walked.checked.append($0.sequence) },
      damaged: { walked.damaged.append($0) }
    )
    return walked
  }

  /// A record, and a segment's header, in an older segment wholly before the newest snapshot.
  @Test(arguments: [16 + 24, 0])
  func damageInAnOlderSegmentIsNamedAndTheRestIsWalkedFromTheSnapshotThatCoversIt(byte: Int) async throws {
    let directory = try await summingJournal(segmentSize: 100)
    defer { directory.remove() }
    let segments = directory.segmentNames()
    let damaged = segments[1]
    let first = UInt64(damaged.dropFirst("segment-".count).prefix(20))!
    try #require(first > 2 && first < 10 && segments.count > 4)
    flip(directory, damaged, byte: byte)
    // Recovery, from the snapshot of 20, never reads it.
    let (journal, replayed) = try openJournal(directory)
    journal.close()
    #expect(replayed.map(\.sequence) == Array(21...25))

    let walked = try walk(directory)
    try #require(walked.damaged.count == 1)
    #expect(walked.restored == [0, 10])
    #expect(walked.applied == Array(1..<first) + Array(11...25))
    #expect(walked.checked == [20])
    #expect(walked.damaged.map(\.segment) == [damaged])
    #expect(walked.damaged.map(\.offset) == [byte == 0 ? 0 : 16])
    #expect(walked.damaged.map(\.records) == [first...10])
    let advice = walked.damaged.first?.description ?? ""
    for words in ["\(damaged) at byte", "record \(first) cannot be read", "snapshot of record 10 covers it", "does not need them", "switchyard backup", "retention"] {
      #expect(advice.contains(words), "\(advice) lacks \(words)")
    }
    #expect(!advice.contains("start with --repair"), "\(advice)")

    // history: the listing goes past it, saying so; without being told to, it refuses with the same advice.
    let history = try JournalHistory(directory: directory.path)
    var listed: [JournalDamage] = []
    #expect(try history.records(from: 1) { listed.append($0) }.map(\.sequence) == Array(1..<first) + Array(11...25))
    #expect(listed == walked.damaged)
    #expect(throws: JournalError.damagedBeforeSnapshot(walked.damaged[0])) { _ = try history.records(from: 1) }
    #expect(try history.lastSequence() == 25)
  }

  /// Damage in two older segments that one snapshot covers: both are named, not only the first
  /// reading stopped at, and the walk restores the snapshot once.
  @Test func everyDamagedSegmentTheSnapshotCoversIsNamed() async throws {
    let directory = try await summingJournal(segmentSize: 100)
    defer { directory.remove() }
    let segments = directory.segmentNames()
    let firsts = segments.map { UInt64($0.dropFirst("segment-".count).prefix(20))! }
    try #require(segments.count > 4 && firsts[1] > 2 && firsts[2] <= 10)
    flip(directory, segments[1], byte: 16 + 24)
    flip(directory, segments[2], byte: 0)
    let walked = try walk(directory)
    #expect(walked.damaged.map(\.segment) == [segments[1], segments[2]])
    #expect(walked.damaged.map(\.offset) == [16, 0])
    #expect(walked.damaged.map(\.records) == [firsts[1]...10, firsts[2]...10])
    #expect(walked.restored == [0, 10])
    #expect(walked.applied == Array(1..<firsts[1]) + Array(11...25))

    var listed: [JournalDamage] = []
    let history = try JournalHistory(directory: directory.path)
    #expect(try history.records(from: 1) { listed.append($0) }.map(\.sequence) == Array(1..<firsts[1]) + Array(11...25))
    #expect(listed == walked.damaged)
  }

  /// Two damaged records in the segment that holds the snapshot: the second, which reading from
  /// the snapshot's next record skipped without a word, is named too.
  @Test func everyDamagedRecordInTheStretchIsNamed() async throws {
    let directory = try await summingJournal(segmentSize: 64 << 20)
    defer { directory.remove() }
    let segment = directory.segmentNames()[0]
    // Records 12 and 15: 9 records of 25 bytes before them, and 2 or 5 of 26.
    flip(directory, segment, byte: 16 + 9 * 25 + 2 * 26 + 24)
    flip(directory, segment, byte: 16 + 9 * 25 + 5 * 26 + 24)
    let walked = try walk(directory)
    #expect(walked.damaged.map(\.offset) == [16 + 9 * 25 + 2 * 26, 16 + 9 * 25 + 5 * 26])
    #expect(walked.damaged.map(\.records) == [12...20, 15...20])
    #expect(walked.applied == Array(1...11) + Array(21...25))
  }

  /// The states after the covering snapshot are served, and those before the damage; one whose
  /// rebuild needs a damaged record says so.
  @Test func historyServesEveryStateThatNeedsNoDamagedRecord() async throws {
    let directory = try await summingJournal(segmentSize: 100)
    defer { directory.remove() }
    let damaged = directory.segmentNames()[1]
    let first = UInt64(damaged.dropFirst("segment-".count).prefix(20))!
    flip(directory, damaged, byte: 16 + 24)
    for sequence: UInt64 in [1, first - 1, 10, 11, 19, 20, 25] {
      #expect(try total(at: sequence, in: directory) == (1...Int(sequence)).reduce(0, +), "at \(sequence)")
    }
    #expect {
      try total(at: first + 1, in: directory)
    } throws: { error in
      guard case let .historyUnavailable(sequence, reason) = error as? JournalError else { return false }
      return sequence == first + 1 && reason.contains("\(damaged) at byte 16") && reason.contains("record \(first) cannot be read")
        && reason.contains("The states from record 10 on are rebuilt from its snapshot")
    }
  }

  /// Damage before the newest snapshot in the segment that holds it, which recovery reads past.
  @Test func damageInTheSegmentOfTheNewestSnapshotIsWalkedPastAndItsStatesServed() async throws {
    let directory = try await summingJournal(segmentSize: 64 << 20)
    defer { directory.remove() }
    let segment = directory.segmentNames()[0]
    // Record 12 of one-digit and two-digit payloads: 9 of 25 bytes, 2 of 26 before it.
    flip(directory, segment, byte: 16 + 9 * 25 + 2 * 26 + 24)
    let (journal, replayed) = try openJournal(directory)
    journal.close()
    #expect(replayed.map(\.sequence) == Array(21...25))
    let walked = try walk(directory)
    #expect(walked.applied == Array(1...11) + Array(21...25))
    #expect(walked.damaged.map(\.records) == [12...20])
    #expect(try total(at: 25, in: directory) == (1...25).reduce(0, +))
    #expect(try total(at: 11, in: directory) == (1...11).reduce(0, +))
    #expect(throws: JournalError.self) { try total(at: 12, in: directory) }
  }

  /// Damage no later sound snapshot covers is damage recovery reads: it still stops the walk.
  @Test func damageAfterTheNewestSnapshotStillStopsTheWalk() async throws {
    let directory = try await summingJournal(segmentSize: 64 << 20)
    defer { directory.remove() }
    let segment = directory.segmentNames()[0]
    // Record 22: 9 records of 25 bytes and 12 of 26 before it.
    flip(directory, segment, byte: 16 + 9 * 25 + 12 * 26 + 24)
    #expect {
      _ = try walk(directory)
    } throws: { error in
      guard case let .corruptRecord(name, offset, _) = error as? JournalError else { return false }
      return name == segment && offset == 16 + 9 * 25 + 12 * 26
    }
  }
}
