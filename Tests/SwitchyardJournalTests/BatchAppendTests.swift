import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

@Suite(.onAThreadOfItsOwn) struct BatchAppendTests {
  @Test func recordsFramedInABatchGetItsNumbersAndReplayAsSeparateRecords() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    #expect(try journal.append(payload(1)) == 1)
    var batch = RecordBatch()
    for sequence in 2...4 {
      try batch.append(sequence: UInt64(sequence)) { $0.append(contentsOf: payload(sequence)) }
    }
    #expect(batch.firstSequence == 2 && batch.count == 3)
    try journal.append(batch)
    #expect(try journal.append(payload(5)) == 5)
    try await journal.waitUntilDurable(5)
    journal.close()

    let (reopened, replayed) = try openJournal(directory)
    defer { reopened.close() }
    #expect(replayed.map(\.sequence) == [1, 2, 3, 4, 5])
    #expect(replayed.map(\.payload) == (1...5).map(payload))
  }

  @Test func anOversizedPayloadIsLeftOutOfTheBatchWhichKeepsThoseBeforeIt() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    let oversized = (64 << 20) + 1
    var batch = RecordBatch()
    try batch.append(sequence: 1) { $0.append(contentsOf: payload(1)) }
    #expect(throws: JournalError.payloadTooLarge(size: oversized, limit: 64 << 20)) {
      try batch.append(sequence: 2) { $0.append(contentsOf: [UInt8](repeating: 0, count: oversized)) }
    }
    try journal.append(batch)
    #expect(try journal.append(payload(2)) == 2)
    try await journal.waitUntilDurable(2)
    journal.close()

    let (reopened, replayed) = try openJournal(directory)
    defer { reopened.close() }
    #expect(replayed.map(\.payload) == [payload(1), payload(2)])
  }

  @Test func aPayloadThatFailsToEncodeIsLeftOutOfTheBatch() throws {
    struct Refused: Error {}
    var batch = RecordBatch()
    try batch.append(sequence: 7) { $0.append(contentsOf: payload(7)) }
    let framed = batch.bytes
    #expect(throws: Refused.self) {
      try batch.append(sequence: 8) { buffer in
        buffer.append(contentsOf: payload(8))
        throw Refused()
      }
    }
    #expect(batch.bytes == framed && batch.count == 1)
  }

  @Test func aBatchThatDoesNotStartAtTheNextNumberIsRefused() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    defer { journal.close() }
    #expect(try journal.append(payload(1)) == 1)
    var batch = RecordBatch()
    try batch.append(sequence: 3) { $0.append(contentsOf: payload(3)) }
    #expect(throws: JournalError.outOfSequence(expected: 2, found: 3)) { try journal.append(batch) }
    #expect(try journal.append(payload(2)) == 2)
  }
}
