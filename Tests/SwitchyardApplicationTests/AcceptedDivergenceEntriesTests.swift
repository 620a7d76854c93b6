import ComposableArchitecture
import Foundation
@testable import SwitchyardApplication
import SwitchyardInspector
import SwitchyardTestSupport
import Testing

/// The inspector's action stream names the `divergenceAccepted` record a start journals before it
/// serves, as `history` does: the store never reduced it, so the recorder would not show it.
@MainActor
struct AcceptedDivergenceEntriesTests {
  @Test func theRecordAStartAcceptedIsShownOnceDurableAndNothingOtherwise() async throws {
    let directory = uniqueTemporaryPath("accepted-entries")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (first, initial) = try open(directory, HistoryVersionTests.CounterV1())
    let store = Store(initialState: initial) { JournaledReducer(HistoryVersionTests.CounterV1(), journal: first) }
    for by in 1...2 { await store.send(.increment(by: by)).finish() }
    first.close()

    // The same reducer replays as recorded: nothing was accepted, nothing is shown.
    let (same, _) = try open(directory, HistoryVersionTests.CounterV1())
    let shown = LockIsolated(false)
    AcceptedDivergenceEntries.show(of: same) { _ in shown.setValue(true) }
    same.close()
    #expect(!shown.value)

    let (accepting, _) = try open(directory, Doubling(), accepting: true)
    let record = accepting.lastSequence
    let (entries, shows) = AsyncStream.makeStream(of: [ActionEntry].self)
    AcceptedDivergenceEntries.show(of: accepting) { shows.yield($0) }
    // Shown once its record is fsynced: 10 s ran out once in a fresh clone's full CI run, whose
    // other suites fsync journals of their own.
    let batch = try await withTimeout(120, "the accepted record shown") { () async -> [ActionEntry]? in
      for await batch in entries { return batch }
      return nil
    }
    accepting.close()
    let entry = try #require(batch?.first)
    #expect(batch?.count == 1)
    #expect(entry.sequence == record && entry.path == "divergenceAccepted", "\(entry)")
    #expect(entry.action[dottedPath: "divergenceAccepted.divergences.0.kind"]?.stringValue == "state")
  }

  /// ``HistoryVersionTests/CounterV1`` adding twice what it is asked to: its replay diverges.
  struct Doubling: Reducer {
    typealias State = HistoryVersionTests.CounterV1.State
    typealias Action = HistoryVersionTests.CounterV1.Action

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .increment(by): state.total += 2 * by
      }
      return .none
    }
  }

  private func open<Base: Reducer>(_ directory: String, _ reducer: Base, accepting: Bool = false) throws -> (ActionJournal, Base.State)
  where Base.State == HistoryVersionTests.CounterV1.State, Base.Action: Codable {
    try ActionJournal.open(
      directory: directory, options: JournalOptions(durability: .always), policy: SnapshotPolicy(everyActions: nil, every: nil),
      replay: ActionReplay(reducer), initialState: Base.State(), acceptingDivergence: accepting, log: { _ in }
    )
  }
}
