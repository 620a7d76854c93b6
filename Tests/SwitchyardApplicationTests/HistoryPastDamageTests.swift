import Foundation
import Testing

@testable import SwitchyardApplication

/// `history`'s listing goes past damage that a later snapshot covers, as past a repair's gap, and
/// says what it went past: the states after that snapshot are rebuilt from it. (It stopped at the
/// damage, telling the operator to start with `--repair`, which changes nothing there.)
@MainActor
struct HistoryPastDamageTests {
  typealias Tally = JournalHistorySourceTests.Tally

  @Test func theListingGoesPastDamageALaterSnapshotCoversAndNamesIt() async throws {
    let directory = NSTemporaryDirectory() + "sy-history-damage-\(getpid())-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (journal, state) = try ActionJournal.open(
      directory: directory, options: JournalOptions(durability: .always, segmentSize: 200),
      policy: SnapshotPolicy(everyActions: 5, every: nil), replay: ActionReplay(Tally()), initialState: Tally.State(), log: { _ in }
    )
    let store = Store(initialState: state) { JournaledReducer(Tally(), journal: journal) }
    for amount in 1...8 {
      await store.send(.add(amount)).finish()
      // One record per write, so that the small segments rotate.
      await withCheckedContinuation { continuation in journal.whenAcknowledgeable { _ in continuation.resume() } }
    }
    journal.close(finalState: store.state)
    // Record 1, which the snapshot of record 5 covers, goes bad.
    let segment = "segment-00000000000000000001.log"
    let path = directory + "/" + segment
    var bytes = try #require(FileManager.default.contents(atPath: path))
    bytes[16 + 30] ^= 0x40
    try bytes.write(to: URL(fileURLWithPath: path))

    let replay = HistoryReplay(application: "tally", reducer: { Tally() })
    let (entries, damaged) = try replay.entries(try JournalHistory(directory: directory), 1, 100)
    #expect(damaged.map(\.segment) == [segment])
    #expect(damaged.map(\.records) == [1...5])
    let actions = entries.filter { $0.action == "add" }
    #expect(actions.map(\.sequence) == [6, 7, 8])
    #expect(actions.first?.changes == ["total: 15 → 21"])
  }
}
