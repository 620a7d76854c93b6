import Foundation
import SwitchyardInspector
import SwitchyardDiagnostics
import SwitchyardJournal
import SwitchyardDurability
import SwitchyardNet
import SwitchyardTestSupport
import Testing

@testable import SwitchyardRuntime

/// The inspector on a real coordinator's store: it observes actions only while a page is connected.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct InspectorRecordingTests {
  @Test func theStoreIsObservedOnlyWhileAPageIsConnected() async throws {
    let coordinator = probeCoordinator()
    let inspector = try Inspector.start(coordinator, configuration: InspectorConfiguration())
    #expect(coordinator.observation.observer == nil, "an action costs more than a nil check with no page")

    let page = try await WebSocketClient.connect(to: try #require(URL(string: "ws://127.0.0.1:\(inspector.port)/socket")), timeout: .seconds(30))
    try await eventually("the page to be observed") { coordinator.observation.observer != nil }
    try coordinator.send(json: ["cancel": ["name": "a"]])
    var received = ""
    for try await message in page.messages {
      guard case let .text(text) = message, text.hasPrefix(#"{"type":"actions""#), text.contains(#""path":"cancel.name""#) else { continue }
      received = text
      break
    }
    #expect(received.contains(#""sequence":1"#))

    await page.close()
    try await eventually("the last page to leave") { coordinator.observation.observer == nil }
    await inspector.stop()
  }

  @Test func aRecordShownBeforeAPageOpensIsInItsActionStream() async throws {
    let coordinator = probeCoordinator()
    let inspector = try Inspector.start(coordinator, configuration: InspectorConfiguration())
    inspector.show([ActionEntry(sequence: 7, action: ["divergenceAccepted": ["count": 1, "build": 2]])])
    let page = try await WebSocketClient.connect(to: try #require(URL(string: "ws://127.0.0.1:\(inspector.port)/socket")), timeout: .seconds(30))
    var received = ""
    for try await message in page.messages {
      guard case let .text(text) = message, text.hasPrefix(#"{"type":"actions""#) else { continue }
      received = text
      break
    }
    #expect(received.contains(#""path":"divergenceAccepted""#) && received.contains(#""sequence":7"#), "\(received)")
    await page.close()
    await inspector.stop()
  }

  /// A coordinator of ``ProbeFeature`` with no pools and no control socket.
  private func probeCoordinator() -> Coordinator<ProbeFeature> {
    Coordinator(
      configuration: CoordinatorConfiguration(runDirectory: "/tmp/sy-inspector-unused", pools: [], servesControlSocket: false),
      initialState: ProbeFeature.State(),
      reducer: ProbeFeature()
    )
  }

  @Test func withAJournalActionsAreNumberedAsTheJournalNumbersThemAcrossARestart() async throws {
    let directory = NSTemporaryDirectory() + "sy-inspector-journal-\(getpid())-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var numbers: [String] = []
    for run in ["a", "b"] {
      let (journal, state) = try ActionJournal.open(
        directory: directory, options: JournalOptions(), policy: SnapshotPolicy(), replay: ActionReplay(ProbeFeature()),
        initialState: ProbeFeature.State(), log: { _ in }
      )
      let coordinator = Coordinator(
        configuration: CoordinatorConfiguration(runDirectory: "/tmp/sy-inspector-unused", pools: [], servesControlSocket: false),
        initialState: state,
        reducer: JournaledReducer(ProbeFeature(), journal: journal)
      )
      coordinator.actionLog = journal
      let inspector = try Inspector.start(coordinator, configuration: InspectorConfiguration())
      let page = try await WebSocketClient.connect(to: try #require(URL(string: "ws://127.0.0.1:\(inspector.port)/socket")), timeout: .seconds(30))
      try await eventually("the page to be observed") { coordinator.observation.observer != nil }
      try coordinator.send(json: ["cancel": ["name": .string(run)]])
      try coordinator.send(json: ["cancel": ["name": .string(run)]])
      for try await message in page.messages {
        guard case let .text(text) = message, text.hasPrefix(#"{"type":"actions""#), text.contains("cancel.name") else { continue }
        numbers += text.matches(of: /"sequence":(\d+)/).map { String($0.1) }
        if numbers.count % 2 == 0 { break }
      }
      #expect(coordinator.lastActionSequence == journal.lastActionSequence)
      await page.close()
      await inspector.stop()
      journal.close(finalState: coordinator.store.state)
    }
    #expect(numbers == ["1", "2", "3", "4"], "the second run's actions continue the journal's numbers")
  }
}
