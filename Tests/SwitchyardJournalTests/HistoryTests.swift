import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

@Suite(.onAThreadOfItsOwn) struct HistoryTests {
  /// A journal whose records each add their number to a running total, snapshotted at 10 and 20.
  func summingJournal(retention: HistoryRetention = HistoryRetention()) async throws -> TemporaryDirectory {
    let directory = TemporaryDirectory()
    let options = JournalOptions(durability: .always, segmentSize: 200, historyRetention: retention)
    let (journal, _) = try openJournal(directory, options: options)
    for index in 1...25 {
      try await journal.waitUntilDurable(try journal.append(Array(String(index).utf8)))
      if index % 10 == 0 {
        let total = (1...index).reduce(0, +)
        try await journal.snapshot(through: UInt64(index)) { Array(String(total).utf8) }
      }
    }
    journal.close()
    return directory
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

  /// A reader takes no lock, so retention may remove a segment it listed before it opens it: the
  /// error says so and what to do. (It was the open's ENOENT, with "Check that the data directory
  /// is writable and its disk is not full", in 10 of 52 `verify` runs beside a busy coordinator.)
  @Test func aSegmentRemovedWhileReadIsNamedAsSuch() async throws {
    let directory = try await summingJournal()
    defer { directory.remove() }
    let second = directory.segmentNames()[1]
    #expect(throws: JournalError.removedWhileRead(segment: second)) {
      try JournalHistory(directory: directory.path).visit(from: 1) { record in
        if record.sequence == 1 { try? FileManager.default.removeItem(atPath: directory.file(second)) }
        return true
      }
    }
  }
}
