import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

@Suite(.onAThreadOfItsOwn) struct HistoryTests {
  func summingJournal(retention: HistoryRetention = HistoryRetention()) async throws -> TemporaryDirectory {
    try await SwitchyardJournalTests.summingJournal(
      options: JournalOptions(durability: .always, segmentSize: 200, historyRetention: retention))
  }

  func total(at sequence: UInt64, in history: JournalHistory) throws -> Int {
    try history.state(at: sequence) {
      0
    } restore: { snapshot in
      Int(String(decoding: snapshot.state, as: UTF8.self))!
    } apply: { total, record in
      total += Int(String(decoding: record.payload, as: UTF8.self))!
    }
  }

  @Test func listsRecordsFromASequenceWithALimit() async throws {
    let directory = try await summingJournal()
    defer { directory.remove() }
    let history = try JournalHistory(directory: directory.path)
    let records = try history.records(from: 21, limit: 3)
    #expect(records.map(\.sequence) == [21, 22, 23])
    #expect(records.map(\.payload) == ["21", "22", "23"].map { Array($0.utf8) })
    #expect(records.allSatisfy { abs($0.date.timeIntervalSinceNow) < 600 })
    #expect(try history.records(from: 24).map(\.sequence) == [24, 25])
    #expect(try history.snapshotSequences() == [10, 20])
    #expect(try history.lastSequence() == 25)
    #expect(try JournalHistory(directory: directory.path + "/absent").lastSequence() == 0)
  }

  @Test func rebuildsTheStateAtAnySequenceFromTheNearestSnapshot() async throws {
    let directory = try await summingJournal()
    defer { directory.remove() }
    let history = try JournalHistory(directory: directory.path)
    // Retention kept every record, so the earliest rebuild from the initial state.
    for sequence: UInt64 in [1, 2, 10, 11, 19, 20, 25] {
      #expect(try total(at: sequence, in: history) == (1...Int(sequence)).reduce(0, +), "at \(sequence)")
    }
  }

  @Test func saysWhenTheStateCannotBeRebuilt() async throws {
    let directory = try await summingJournal(retention: .recoveryOnly)
    defer { directory.remove() }
    let history = try JournalHistory(directory: directory.path)
    #expect(throws: JournalError.historyUnavailable(sequence: 26, reason: "the journal ends at record 25")) {
      try total(at: 26, in: history)
    }
    // Retention removed the segments before the oldest snapshot, so early states are gone.
    #expect {
      try total(at: 2, in: history)
    } throws: { error in
      guard case .historyUnavailable(2, _) = error as? JournalError else { return false }
      return true
    }
  }

  @Test func aTornTailEndsTheListingWithoutChangingIt() async throws {
    let directory = try await summingJournal()
    defer { directory.remove() }
    let last = directory.segmentNames().last!
    let torn = Array(directory.contents(last).dropLast(3))
    directory.write(last, torn)
    let records = try JournalHistory(directory: directory.path).records(from: 20)
    #expect(records.map(\.sequence) == Array(20...24))
    #expect(directory.contents(last) == torn)
  }

  @Test func readsBesideAnOpenJournal() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    defer { journal.close() }
    try await appendDurably(journal, 1..<4)
    #expect(try JournalHistory(directory: directory.path).records().count == 3)
  }

  /// A reader takes no lock, so retention may remove a segment it listed before it reads it. (It
  /// was the open's ENOENT in 10 of 52 `verify` runs beside a busy coordinator.) The segments ahead
  /// are open, so one removed is still read whole.
  @Test func aSegmentRemovedWhileTheJournalIsReadIsStillRead() async throws {
    let directory = try await summingJournal()
    defer { directory.remove() }
    let segments = directory.segmentNames()
    var read: [UInt64] = []
    try JournalHistory(directory: directory.path).visit(from: 1) { record in
      if record.sequence == 1 { segments.dropFirst().forEach { try? FileManager.default.removeItem(atPath: directory.file($0)) } }
      read.append(record.sequence)
      return true
    }
    #expect(segments.count > 2 && read == Array(1...25))
  }

  /// Only a retention that removed every segment held open ahead of the reader takes one from under
  /// it: the error says so and what to do.
  @Test func retentionThatOvertakesTheReaderIsNamedAsSuch() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .always, segmentSize: 1))
    let count = SegmentsAhead.window + 4
    try await appendDurably(journal, 1..<(count + 1))
    journal.close()
    let segments = directory.segmentNames()
    try #require(segments.count == count)
    #expect(throws: JournalError.removedWhileRead(segment: segments[SegmentsAhead.window + 1])) {
      try JournalHistory(directory: directory.path).visit(from: 1) { record in
        if record.sequence == 1 { segments.forEach { try? FileManager.default.removeItem(atPath: directory.file($0)) } }
        return true
      }
    }
  }
}
