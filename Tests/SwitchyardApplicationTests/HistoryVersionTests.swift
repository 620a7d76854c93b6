import ComposableArchitecture
import Foundation
@testable import SwitchyardApplication
import SwitchyardTestSupport
import Testing

/// `history` after an upgrade: the records an older version wrote are migrated and say which
/// version wrote them; this build's own say nothing.
@MainActor
struct HistoryVersionTests {
  struct CounterV1: Reducer {
    struct State: Codable, Equatable, Sendable {
      var total = 0
    }

    enum Action: Codable, Equatable, Sendable {
      case increment(by: Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .increment(by): state.total += by
      }
      return .none
    }
  }

  /// `increment` became `add`.
  struct CounterV2: Reducer {
    typealias State = CounterV1.State

    enum Action: Codable, Equatable, Sendable {
      case add(by: Int)
    }

    static let migrations = [Migration(from: 1, action: { $0.renamingCase("increment", to: "add") })]

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .add(by): state.total += by
      }
      return .none
    }
  }

  @Test func recordsAnOlderVersionWroteAreMigratedAndNamed() async throws {
    let directory = uniqueTemporaryPath("history-versions")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (first, initial) = try ActionJournal.open(
      directory: directory, options: JournalOptions(), policy: SnapshotPolicy(everyActions: nil, every: nil),
      replay: ActionReplay(CounterV1()), initialState: CounterV1.State(), log: { _ in }
    )
    let v1 = Store(initialState: initial) { JournaledReducer(CounterV1(), journal: first) }
    for by in 1...2 { await v1.send(.increment(by: by)).finish() }
    first.close()
    let (second, recovered) = try ActionJournal.open(
      directory: directory, options: JournalOptions(), policy: SnapshotPolicy(everyActions: nil, every: nil),
      replay: ActionReplay(CounterV2(), version: 2, migrations: CounterV2.migrations), initialState: CounterV2.State(),
      log: { _ in }
    )
    #expect(recovered.total == 3)
    let v2 = Store(initialState: recovered) { JournaledReducer(CounterV2(), journal: second) }
    await v2.send(.add(by: 10)).finish()
    second.close()

    let replay = HistoryReplay(application: "counter", reducer: { CounterV2() }, version: 2, migrations: CounterV2.migrations)
    let entries = try replay.entries(try JournalHistory(directory: directory), 1, 10).entries
    let actions = entries.filter { $0.action != "effectsInFlight" }
    #expect(actions.map(\.action) == ["add.by", "add.by", "add.by"], "version 1's increments read as version 2's add")
    #expect(actions.map(\.version) == [1, 1, nil])
    #expect(actions.first?.summary.hasSuffix("written by data version 1") == true, "\(actions.first?.summary ?? "")")
  }
}
