import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// History is kept by its own retention, by age and size, not by how many snapshots recovery
/// keeps: old records stay listable, and their states rebuildable from the snapshot kept before them.
@Suite(.onAThreadOfItsOwn) struct HistoryRetentionTests {
  /// Four rounds of ten records, each followed by a snapshot, in segments of about three records.
  func journal(retention: HistoryRetention) async throws -> TemporaryDirectory {
    let directory = TemporaryDirectory()
    let options = JournalOptions(durability: .always, segmentSize: 100, snapshotsKept: 2, historyRetention: retention)
    let (journal, _) = try openJournal(directory, options: options)
    try await journal.snapshot(through: 0) { Array("state 0".utf8) }
    for round in 1...4 {
      try await appendDurably(journal, (round * 10 - 9)..<(round * 10 + 1))
      try await journal.snapshot(through: UInt64(round * 10)) { Array("state \(round)".utf8) }
    }
    journal.close()
    return directory
  }

  func snapshots(_ directory: TemporaryDirectory) -> [String] {
    directory.names().filter { $0.hasSuffix(".snap") }
  }

  @Test func byDefaultEveryRecordAndTheInitialSnapshotStay() async throws {
    let directory = try await journal(retention: HistoryRetention())
    defer { directory.remove() }
    let history = try JournalHistory(directory: directory.path)
    #expect(try history.records(from: 1).map(\.sequence) == Array(1...40))
    // Recovery's two, the one history rebuilds the oldest records from, and the one before each
    // later segment, which becomes the base once retention lets the segments before it go.
    #expect(snapshots(directory) == (0...4).map { "snapshot-000000000000000000\($0)0.snap" })
    let state = try history.state(at: 5, initial: { [UInt8]() }, restore: { $0.state }) { state, record in state += record.payload }
    #expect(state == Array("state 0".utf8) + (1...5).flatMap(payload))
  }

  @Test func recoveryOnlyKeepsWhatTheOldestKeptSnapshotNeeds() async throws {
    let directory = try await journal(retention: .recoveryOnly)
    defer { directory.remove() }
    let first = try #require(try JournalHistory(directory: directory.path).records(limit: 1).first?.sequence)
    #expect(first > 1 && first <= 31)
    #expect(snapshots(directory) == ["snapshot-00000000000000000030.snap", "snapshot-00000000000000000040.snap"])
  }

  @Test func theSizeLimitRemovesTheOldestSegmentsAndKeepsASnapshotBeforeTheRest() async throws {
    let directory = try await journal(retention: HistoryRetention(maximumAge: nil, maximumBytes: 700))
    defer { directory.remove() }
    let history = try JournalHistory(directory: directory.path)
    let first = try #require(try history.records(limit: 1).first?.sequence)
    #expect(first > 1)
    let segmentBytes = directory.segmentNames().reduce(0) { $0 + directory.contents($1).count }
    #expect(segmentBytes <= 700 + 200)
    // The oldest snapshot kept is one the kept records continue, so states after it rebuild.
    let base = try #require(try history.snapshotSequences().first)
    #expect(first <= base + 1)
    let state = try history.state(at: base + 1, initial: { [UInt8]() }, restore: { $0.state }) { state, record in state += record.payload }
    #expect(state.suffix(payload(Int(base) + 1).count) == payload(Int(base) + 1)[...])
  }

  /// A snapshot every ten records, and a size limit holding about sixty: more snapshots than
  /// recovery keeps fall inside the history the limit keeps. Each
  /// segment history keeps keeps the snapshot before it, so the limit is honoured as history moves
  /// on. (It kept only the newest snapshots and the one before the oldest record, so once the
  /// segments between them were let go no snapshot was left to start a shorter history from: the
  /// initial snapshot stayed the base, and every segment since record 1 with it.)
  @Test func theSizeLimitHoldsAsHistoryMovesOnPastManySnapshots() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let retention = HistoryRetention(maximumAge: nil, maximumBytes: 2000)
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .always, segmentSize: 100, snapshotsKept: 2, historyRetention: retention))
    try await journal.snapshot(through: 0) { Array("state 0".utf8) }
    for round in 1...30 {
      try await appendDurably(journal, (round * 10 - 9)..<(round * 10 + 1))
      try await journal.snapshot(through: UInt64(round * 10)) { Array("state \(round)".utf8) }
    }
    journal.close()
    let segmentBytes = directory.segmentNames().reduce(0) { $0 + directory.contents($1).count }
    // The limit, plus the records between the base snapshot and the first kept segment.
    #expect(segmentBytes <= 2000 + 400)
    let history = try JournalHistory(directory: directory.path)
    let first = try #require(try history.records(limit: 1).first?.sequence)
    let base = try #require(try history.snapshotSequences().first)
    #expect(base > 200 && first <= base + 1, "history starts at \(first), rebuilt from \(base)")
    let state = try history.state(at: 300, initial: { [UInt8]() }, restore: { $0.state }) { state, record in state += record.payload }
    #expect(state == Array("state 30".utf8))
  }

  @Test func theAgeLimitRemovesSegmentsLastWrittenLongerAgo() async throws {
    let directory = try await journal(retention: HistoryRetention())
    defer { directory.remove() }
    // Every segment but the newest last written eight days ago.
    let eightDaysAgo = Date(timeIntervalSinceNow: -8 * 24 * 3600)
    for name in directory.segmentNames().dropLast() {
      try FileManager.default.setAttributes([.modificationDate: eightDaysAgo], ofItemAtPath: directory.file(name))
    }
    try SnapshotStore(directory: DataDirectory(path: directory.path)).applyRetention(
      keeping: 2, history: HistoryRetention(), now: Int64(Date().timeIntervalSince1970 * 1e9))
    let first = try #require(try JournalHistory(directory: directory.path).records(limit: 1).first?.sequence)
    #expect(first > 1 && first <= 31)
    #expect(snapshots(directory) == ["snapshot-00000000000000000030.snap", "snapshot-00000000000000000040.snap"])
  }
}
