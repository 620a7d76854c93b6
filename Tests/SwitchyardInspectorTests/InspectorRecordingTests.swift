import Foundation
import SwitchyardInspector
import SwitchyardDiagnostics
import SwitchyardNet
import Testing

@testable import SwitchyardRuntime

/// The inspector on a real coordinator's store: it observes actions only while a page is connected.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct InspectorRecordingTests {
  @Test func theStoreIsObservedOnlyWhileAPageIsConnected() async throws {
    let coordinator = Coordinator(
      configuration: CoordinatorConfiguration(runDirectory: "/tmp/sy-inspector-unused", pools: [], servesControlSocket: false),
      initialState: ProbeFeature.State(),
      reducer: ProbeFeature()
    )
    let inspector = try Inspector.start(coordinator, configuration: InspectorConfiguration())
    #expect(coordinator.observation.observer == nil, "an action costs more than a nil check with no page")

    let page = try await WebSocketClient.connect(to: try #require(URL(string: "ws://127.0.0.1:\(inspector.port)/socket")))
    try await waitUntil("the page to be observed") { coordinator.observation.observer != nil }
    try coordinator.send(json: ["cancel": ["name": "a"]])
    var received = ""
    for try await message in page.messages {
      guard case let .text(text) = message, text.hasPrefix(#"{"type":"actions""#), text.contains(#""path":"cancel.name""#) else { continue }
      received = text
      break
    }
    #expect(received.contains(#""sequence":1"#))

    await page.close()
    try await waitUntil("the last page to leave") { coordinator.observation.observer == nil }
    await inspector.stop()
  }
}
