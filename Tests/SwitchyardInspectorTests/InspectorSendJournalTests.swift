import ComposableArchitecture
import Foundation
import SwitchyardInspector
import SwitchyardJournal
import SwitchyardNet
import SwitchyardDurability
import SwitchyardRuntime
import SwitchyardTestSupport
import Testing

/// An action sent from the inspector's page is a client's action, as one sent over the control
/// socket: it reaches the store with that origin, and the journal records the JSON the page sent.
@MainActor
@Suite struct InspectorSendJournalTests {
  struct Ticks: Reducer {
    struct State: Codable, Equatable, Sendable {
      var ticks = 0
    }

    enum Action: Codable, Equatable, Sendable {
      case tick
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.ticks += 1
      return .none
    }
  }

  @Test(.timeLimit(.minutes(3))) func anActionSentFromThePageIsJournaledAsTheJSONThePageSent() async throws {
    let base = uniqueTemporaryPath("inspector-send")
    defer { try? FileManager.default.removeItem(atPath: base) }
    let (journal, initial) = try ActionJournal.open(
      directory: base + "/data", options: JournalOptions(), policy: SnapshotPolicy(everyActions: nil, every: nil),
      replay: ActionReplay(Ticks()), initialState: Ticks.State(), log: { _ in }
    )
    let coordinator = Coordinator(
      configuration: CoordinatorConfiguration(runDirectory: base + "/run", pools: [], servesControlSocket: false, log: { _ in }),
      initialState: initial,
      reducer: JournaledReducer(Ticks(), journal: journal)
    )
    coordinator.actionLog = journal
    try coordinator.start()
    let inspector = try Inspector.start(coordinator, configuration: InspectorConfiguration())
    let page = try await WebSocketClient.connect(to: try #require(URL(string: inspector.url.replacing("http:", with: "ws:") + "socket")), timeout: .seconds(30))
    // A member `tick`'s decoding ignores: encoded through `Codable`, the record would not hold it.
    try await page.send(.text(#"{"id":7,"type":"send","text":"{\"tick\":{\"from\":\"page\"}}"}"#))
    var answer = ""
    for try await message in page.messages {
      guard case let .text(text) = message, text.contains(#""id":7"#) else { continue }
      answer = text
      break
    }
    #expect(answer.contains(#""type":"done""#), "\(answer)")
    await page.close()
    await inspector.stop()
    await coordinator.shutdown()
    #expect(coordinator.store.state.ticks == 1)
    journal.close()

    let records = try JournalHistory(directory: base + "/data").records(from: 1)
    // The record may close with the state's digest; the action is what the page sent, byte for byte.
    let payloads = records.map { String(decoding: $0.payload, as: UTF8.self) }
    #expect(payloads.count == 1)
    #expect(payloads.allSatisfy { $0.hasPrefix(#"{"action":{"tick":{"from":"page"}}"#) }, "\(payloads)")
  }
}
