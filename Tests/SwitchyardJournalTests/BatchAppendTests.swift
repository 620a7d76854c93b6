import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

@Suite struct BatchAppendTests {
  @Test func payloadsAppendedTogetherGetConsecutiveNumbersAndReplayAsSeparateRecords() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    #expect(try journal.append(payload(1)) == 1)
    let batch = payload(2) + payload(3) + payload(4)
    let ends = [payload(2).count, payload(2).count + payload(3).count, batch.count]
    let first = try batch.withUnsafeBytes { try journal.append($0, ends: ends) }
    #expect(first == 2)
    #expect(try journal.append(payload(5)) == 5)
    try await journal.waitUntilDurable(5)
    journal.close()

    let (reopened, replayed) = try openJournal(directory)
    defer { reopened.close() }
    #expect(replayed.map(\.sequence) == [1, 2, 3, 4, 5])
    #expect(replayed.map(\.payload) == (1...5).map(payload))
  }

  @Test(.onAThreadOfItsOwn) func anOversizedPayloadInABatchKeepsThoseBeforeItAndNumbersGoOnAfterIt() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    let oversized = (64 << 20) + 1
    let batch = payload(1) + [UInt8](repeating: 0, count: oversized) + payload(3)
    let ends = [payload(1).count, payload(1).count + oversized, batch.count]
    #expect(throws: JournalError.payloadTooLarge(size: oversized, limit: 64 << 20)) {
      try batch.withUnsafeBytes { try journal.append($0, ends: ends) }
    }
    #expect(try journal.append(payload(2)) == 2)
    try await journal.waitUntilDurable(2)
    journal.close()

    let (reopened, replayed) = try openJournal(directory)
    defer { reopened.close() }
    #expect(replayed.map(\.payload) == [payload(1), payload(2)])
  }
}
