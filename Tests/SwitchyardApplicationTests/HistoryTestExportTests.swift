import ComposableArchitecture
import Foundation
@testable import SwitchyardApplication
import SwitchyardTestSupport
import Testing

/// `history --export-test`: a stretch of the journal becomes data a test replays through the
/// reducer, passing while the reducer does what it did and failing, naming the record, once not.
@MainActor
struct HistoryTestExportTests {
  struct Stamped: Reducer {
    struct State: Codable, Equatable, Sendable {
      var total = 0
      var ids: [UUID] = []
    }

    enum Action: Codable, Equatable, Sendable {
      case add(Int)
    }

    var bonus = 0
    @Dependency(\.uuid) var uuid

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .add(value):
        state.total += value + bonus
        state.ids.append(uuid())
      }
      return .none
    }
  }

  @Test func anExportedStretchReplaysThroughItsReducerAndFailsThroughAChangedOne() async throws {
    let directory = uniqueTemporaryPath("export")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (journal, initial) = try ActionJournal.open(
      directory: directory + "/data", options: JournalOptions(), policy: SnapshotPolicy(everyActions: nil, every: nil),
      replay: ActionReplay(Stamped()), initialState: Stamped.State(), log: { _ in }
    )
    let store = Store(initialState: initial) { JournaledReducer(Stamped(), journal: journal) } withDependencies: {
      $0.uuid = UUIDGenerator { UUID() }
    }
    for value in 1...5 { await store.send(.add(value)).finish() }
    journal.close(finalState: store.state)

    let replay = HistoryReplay(application: "stamped", reducer: { Stamped() })
    let (recorded, reducerType) = try replay.export(try JournalHistory(directory: directory + "/data"), 2, 4)
    #expect(recorded.steps.map(\.sequence) == [2, 3, 4])
    #expect(recorded.steps.allSatisfy { $0.dependencies?.uuids.count == 1 }, "the live UUIDs are recorded")
    try recorded.replay(through: Stamped())
    let mismatch = #expect(throws: RecordedHistory.Mismatch.self) { try recorded.replay(through: Stamped(bonus: 100)) }
    #expect(mismatch?.sequence == 2 && mismatch?.action == "add", "\(String(describing: mismatch))")

    let file = try HistoryTestExport.write(recorded, reducerType: reducerType, range: (2, 4), toolName: "stamped", to: directory + "/test")
    let source = try String(contentsOfFile: file, encoding: .utf8)
    #expect(source.contains("import SwitchyardApplicationTests"), "\(source)")
    #expect(source.contains("replay(through: HistoryTestExportTests.Stamped())"), "\(source)")
    // The JSON between the raw string's delimiters is the history.
    let json = try #require(source.components(separatedBy: "#\"\"\"\n").dropFirst().first?.components(separatedBy: "\n\"\"\"#").first)
    try RecordedHistory(json: json).replay(through: Stamped())
  }
}
