import Foundation
import Synchronization
import SwitchyardInspector
import Testing

@testable import SwitchyardApplication

/// The inspector's slider over a journal: any state from the oldest kept snapshot on, by the
/// journal's numbers, rebuilt off the main actor.
@MainActor
struct JournalHistorySourceTests {
  /// Counts the reductions a replaying reducer made, and those made on the main thread.
  final class Reductions: Sendable {
    let counts = Mutex((all: 0, onMain: 0))
  }

  struct Tally: Reducer {
    var reductions: Reductions?

    struct State: Codable, Equatable, Sendable {
      var total = 0
    }

    enum Action: Codable, Sendable {
      case add(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .add(amount): state.total += amount
      }
      reductions?.counts.withLock { $0 = ($0.all + 1, $0.onMain + (Thread.isMainThread ? 1 : 0)) }
      return .none
    }
  }

  /// Journals `.add(1)` … `.add(count)` in a new data directory, snapshotting every five actions.
  private func journal(_ count: Int, options: JournalOptions) async throws -> String {
    let directory = NSTemporaryDirectory() + "sy-journal-history-\(getpid())-\(UUID().uuidString.prefix(8))"
    let (journal, state) = try ActionJournal.open(
      directory: directory, options: options, policy: SnapshotPolicy(everyActions: 5, every: nil),
      replay: ActionReplay(Tally()), initialState: Tally.State(), log: { _ in }
    )
    let store = Store(initialState: state) { JournaledReducer(Tally(), journal: journal) }
    for amount in 1...count {
      await store.send(.add(amount)).finish()
      // Under `always`, one record per write, so that small segments rotate.
      await withCheckedContinuation { continuation in journal.whenAcknowledgeable { _ in continuation.resume() } }
    }
    journal.close(finalState: store.state)
    return directory
  }

  @Test func anyStateFromTheOldestSnapshotOnIsRebuiltByItsSequenceNumber() async throws {
    let directory = try await journal(12, options: JournalOptions(snapshotsKept: 10))
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let reductions = Reductions()
    let history = try JournalHistorySource(directory: directory, replay: ActionReplay(Tally(reductions: reductions), skippingRecordsIn: directory), latest: { 12 })

    #expect(try await history.retained() == .every(0...12))
    #expect(try await history.state(atOrBefore: 7) == HistoricState(sequence: 7, state: ["total": 28]))
    // A step forward from the state just rebuilt, and one back past a snapshot, give the same as from scratch.
    #expect(try await history.state(atOrBefore: 8) == HistoricState(sequence: 8, state: ["total": 36]))
    #expect(try await history.state(atOrBefore: 3) == HistoricState(sequence: 3, state: ["total": 6]))
    #expect(try await history.state(atOrBefore: 0) == HistoricState(sequence: 0, state: ["total": 0]))
    // Past the journal's end (records still on their way to disk): the last state it holds.
    #expect(try await history.state(atOrBefore: 40) == HistoricState(sequence: 12, state: ["total": 78]))
    let counts = reductions.counts.withLock { $0 }
    #expect(counts.all > 0 && counts.onMain == 0, "replay runs on the history's queue, never on the coordinator's main actor")
  }

  @Test func aStateOlderThanRetentionKeptIsRefusedWithASentence() async throws {
    let directory = try await journal(12, options: JournalOptions(durability: .always, segmentSize: 200, snapshotsKept: 1, historyRetention: .recoveryOnly))
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let history = try JournalHistorySource(directory: directory, replay: ActionReplay(Tally(), skippingRecordsIn: directory), latest: { 12 })

    let oldest = try #require(try await history.retained().oldest)
    #expect(oldest > 2)
    await #expect(throws: HistoryError.olderThanKept(sequence: 2, oldest: oldest)) { try await history.state(atOrBefore: 2) }
    #expect(HistoryError.olderThanKept(sequence: 2, oldest: oldest).description.contains("--history-retention"))
    #expect(try await history.state(atOrBefore: 12) == HistoricState(sequence: 12, state: ["total": 78]))
  }
}
