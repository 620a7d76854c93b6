import Foundation
import SwitchyardTestSupport
import Synchronization
import Testing

@testable import SwitchyardJournal

@Suite(.onAThreadOfItsOwn) struct JournalTests {
  @Test func appendsAreNumberedFromOneAndReplayedInOrderAfterReopening() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, replayed) = try openJournal(directory)
    #expect(replayed.isEmpty)
    #expect(try journal.append(payload(1)) == 1)
    #expect(try journal.append(payload(2)) == 2)
    try await journal.waitUntilDurable(2)
    journal.close()

    let (reopened, again) = try openJournal(directory)
    defer { reopened.close() }
    #expect(again.map(\.sequence) == [1, 2])
    #expect(again.map(\.payload) == [payload(1), payload(2)])
    #expect(reopened.recovery.lastSequence == 2)
    #expect(try reopened.append(payload(3)) == 3)
    #expect(directory.contents("FORMAT") == Array("switchyard-journal 4\n".utf8))
    #expect(reopened.recovery.olderFormatThrough == 0)
  }

  @Test func aDirectoryOfFormatOneIsUpgradedNamingItsLastRecord() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    try await appendDurably(journal, 0..<3)
    journal.close()
    directory.write("FORMAT", Array("switchyard-journal 1\n".utf8))

    let (upgraded, replayed) = try openJournal(directory)
    #expect(replayed.map(\.sequence) == [1, 2, 3])
    #expect(upgraded.recovery.olderFormatThrough == 3)
    #expect(directory.contents("FORMAT") == Array("switchyard-journal 4\nupgraded-after 3\n".utf8))
    try await appendDurably(upgraded, 3..<4)
    upgraded.close()

    let (reopened, _) = try openJournal(directory)
    defer { reopened.close() }
    #expect(reopened.recovery.olderFormatThrough == 3)
    #expect(reopened.recovery.lastSequence == 4)
  }

  @Test func aDirectoryOfFormatTwoIsUpgradedKeepingWhatPredatesEffectEnds() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    try await appendDurably(journal, 0..<3)
    journal.close()
    // Format 2 journaled effects' ends, so its records restart effects like the current format's;
    // only the records a format 1 writer left before it stay apart.
    directory.write("FORMAT", Array("switchyard-journal 2\nupgraded-after 1\n".utf8))

    let (upgraded, _) = try openJournal(directory)
    defer { upgraded.close() }
    #expect(upgraded.recovery.olderFormatThrough == 1)
    #expect(directory.contents("FORMAT") == Array("switchyard-journal 4\nupgraded-after 1\n".utf8))
  }

  @Test func anUnreadableUpgradeLineRefusesTheDirectory() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    journal.close()
    directory.write("FORMAT", Array("switchyard-journal 2\nupgraded-after many\n".utf8))
    #expect(throws: JournalError.unreadableFormat(path: directory.path + "/FORMAT")) { _ = try openJournal(directory) }
  }

  @Test func aRecordIsInTheFileOnceItIsDurable() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    for durability in [Durability.always, .batch(maxDelay: .milliseconds(2)), .off(maxDelay: .milliseconds(2))] {
      let (journal, _) = try openJournal(directory, options: JournalOptions(durability: durability))
      let sequence = try journal.append(payload(7))
      try await journal.waitUntilDurable(sequence)
      // Read while the journal is still open: the record was written by the writer thread, not by close.
      let records = try JournalHistory(directory: directory.path).records(from: sequence)
      #expect(records.map(\.payload) == [payload(7)], "\(durability)")
      #expect(journal.status.durableSequence >= sequence)
      journal.close()
    }
  }

  @Test func aRecordHeldBeforeItWasAppendedWaitsOnlyWhatIsLeftOfTheDelay() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    // A minute's delay, of which the caller says it already held the record a minute: the writer
    // must write it now, where counting from the append would keep it for another minute.
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .batch(maxDelay: .seconds(60))))
    defer { journal.close() }
    let sequence = try payload(1).withUnsafeBytes { bytes in
      try journal.append(bytes, heldSince: Journal.monotonicNanoseconds() - 60_000_000_000)
    }
    let started = ContinuousClock.now
    try await journal.waitUntilDurable(sequence)
    #expect(ContinuousClock.now - started < .seconds(30))
    #expect(try JournalHistory(directory: directory.path).records(from: sequence).map(\.payload) == [payload(1)])
  }

  @Test func concurrentAppendersGetDistinctSequencesAndAllBecomeDurable() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    let sequences = try await withThrowingTaskGroup(of: [UInt64].self) { group in
      for appender in 0..<16 {
        group.addTask {
          var mine: [UInt64] = []
          for index in 0..<25 {
            let sequence = try journal.append(payload(appender * 100 + index))
            try await journal.waitUntilDurable(sequence)
            mine.append(sequence)
          }
          return mine
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(sequences.sorted() == Array(1...400))
    let status = journal.status
    #expect(status.durableSequence == 400)
    #expect(status.undurableRecords == 0)
    #expect(status.syncCount >= 1 && status.syncCount <= 400)
    let payloads = (0..<16).flatMap { appender in (0..<25).map { payload(appender * 100 + $0) } }
    #expect(status.bytes == 16 + payloads.map { 24 + $0.count }.reduce(0, +))
    journal.close()
    let (reopened, replayed) = try openJournal(directory)
    reopened.close()
    #expect(Set(replayed.map(\.payload)) == Set(payloads))
  }

  @Test func segmentsRotateBySizeAndReplayAcrossThem() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let options = JournalOptions(durability: .always, segmentSize: 100)
    let (journal, _) = try openJournal(directory, options: options)
    try await appendDurably(journal, 1..<11)
    journal.close()
    #expect(directory.segmentNames().count >= 4)
    #expect(directory.segmentNames().first == "segment-00000000000000000001.log")
    let (reopened, replayed) = try openJournal(directory, options: options)
    reopened.close()
    #expect(replayed.map(\.payload) == (1..<11).map(payload))
  }

  @Test func closeWritesWhatIsPendingEvenWithoutFsync() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .off(maxDelay: .seconds(60))))
    for index in 1...100 { try journal.append(payload(index)) }
    journal.close()
    journal.close()
    #expect(throws: JournalError.stopped(reason: "it was closed")) { try journal.append(payload(101)) }
    let (reopened, replayed) = try openJournal(directory)
    reopened.close()
    #expect(replayed.count == 100)
  }

  @Test func lastSequenceIsTheLastAppendedBeforeAnyIsWritten() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .off(maxDelay: .seconds(60))))
    defer { journal.close() }
    #expect(journal.lastSequence == 0)
    for index in 1...3 { try journal.append(payload(index)) }
    // Nothing is written for a minute yet: the number follows appends, not the disk.
    #expect(journal.lastSequence == 3)
    #expect(journal.status.durableSequence == 0)
    #expect(journal.status.lastSequence == 3)
  }

  @Test func aJournalDroppedWithoutClosingWritesWhatItWasGivenAndFreesTheDirectory() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    do {
      let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .off(maxDelay: .seconds(60))))
      try journal.append(payload(1))
    }
    let (reopened, replayed) = try openJournal(directory)
    reopened.close()
    #expect(replayed.map(\.payload) == [payload(1)])
  }

  @Test func whenDurableCallsBackOnceTheRecordIsFsynced() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    let called = Mutex<[UInt64]>([])
    let done = DispatchSemaphore(value: 0)
    let sequence = try journal.append(payload(1))
    journal.whenDurable(sequence) { result in
      if case .success = result { called.withLock { $0.append(sequence) } }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(called.withLock { $0 } == [1])
    journal.close()
  }

  @Test func aSecondOpenerOfTheSameDirectoryIsRefused() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard case let .locked(path, holder) = error as? JournalError else { return false }
      return path == directory.path && holder == String(getpid())
    }
    journal.close()
    let (again, _) = try openJournal(directory)
    again.close()
  }

  /// An operator who takes the LOCK file for a stale one and removes it must not let a second
  /// writer in: the lock is held on the directory too. (It was on the file alone, and the second
  /// coordinator locked a new LOCK file and appended records under the first one's numbers.)
  @Test func aSecondOpenerIsRefusedAfterTheLockFileIsRemoved() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    #expect(unlink(directory.file(DataDirectory.lockFileName)) == 0)
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard case let .locked(path, _) = error as? JournalError else { return false }
      return path == directory.path
    }
    journal.close()
    let (again, _) = try openJournal(directory)
    again.close()
  }

  /// A directory where the lock file belongs is named as such. (The refusal said to check that the
  /// data directory is writable and its disk not full, neither of which was the matter.)
  @Test func aDirectoryInTheLockFilesPlaceIsNamed() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    journal.close()
    let lock = directory.file(DataDirectory.lockFileName)
    #expect(unlink(lock) == 0)
    #expect(mkdir(lock, 0o755) == 0)
    #expect {
      _ = try openJournal(directory)
    } throws: { error in
      guard let error = error as? JournalError, case let .io(_, path, code) = error else { return false }
      return path == lock && code == EISDIR && error.description.contains("A directory stands where the journal keeps a file")
    }
  }

  /// A segment size below a segment's header (`--segment-size 1`) still journals, a batch to a
  /// segment. (The empty first segment counted as full, its successor was to start at the same
  /// record, and creating it failed with EEXIST: the journal stopped before its first record.)
  @Test func aSegmentSizeSmallerThanAHeaderStartsASegmentPerBatch() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory, options: JournalOptions(durability: .always, segmentSize: 1))
    try await appendDurably(journal, 1..<4)
    journal.close()
    #expect(directory.segmentNames().count == 3)
    let (reopened, replayed) = try openJournal(directory)
    reopened.close()
    #expect(replayed.map(\.payload) == (1..<4).map(payload))
  }

  @Test func aDirectoryOfANewerFormatIsRefusedUntouched() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    journal.close()
    directory.write("FORMAT", Array("switchyard-journal 5\n".utf8))
    let before = directory.everything()
    #expect(throws: JournalError.newerFormat(directory: directory.path, found: 5, supported: 4)) {
      _ = try openJournal(directory)
    }
    #expect(throws: JournalError.newerFormat(directory: directory.path, found: 5, supported: 4)) {
      _ = try JournalHistory(directory: directory.path)
    }
    #expect(directory.everything() == before)
    #expect("\(JournalError.newerFormat(directory: "/d", found: 2, supported: 1))".contains("newer Switchyard"))
  }

  @Test func anOversizedPayloadIsRefusedAndTheJournalGoesOn() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    defer { journal.close() }
    #expect(throws: JournalError.payloadTooLarge(size: (64 << 20) + 1, limit: 64 << 20)) {
      try journal.append([UInt8](repeating: 0, count: (64 << 20) + 1))
    }
    #expect(try journal.append(payload(1)) == 1)
  }
}
