import Foundation
import SwitchyardNet
import SwitchyardWire
import Testing

/// `history` and the inspector's action stream name an action by the same path, as the inspector
/// guide promises: one reading of an action's JSON, used by both.
@Suite(.timeLimit(.minutes(2))) struct OnePathForAnActionTests {
  @Test func historyAndTheInspectorPrintTheSamePathForTheSameAction() async throws {
    let demo = try await DemoCoordinator(arguments: ["--fsync", "always"])
    defer { demo.stop() }
    let page = try await WebSocketClient.connect(to: try #require(URL(string: "ws://127.0.0.1:\(demo.port)/socket")), timeout: .seconds(30))
    let search = #"{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"copper"}}}}}"#
    let sent = try await demo.command(["send", search, "--run-dir", demo.runDirectory])
    #expect(sent.status == 0, "\(sent.output)")

    var streamed: String?
    for try await message in page.messages {
      guard case let .text(text) = message, text.hasPrefix(#"{"type":"actions""#),
        let match = text.firstMatch(of: /"path":"([^"]*searchQueryChanged)"/)
      else { continue }
      streamed = String(match.1)
      break
    }
    await page.close()

    let listed = try await demo.command(["history", "--json", "--limit", "50", "--run-dir", demo.runDirectory])
    #expect(listed.status == 0, "\(listed.output)")
    let paths = try listed.output.split(separator: "\n").compactMap { line in
      try WireJSONDecoder().parse(Array(line.utf8))[dottedPath: "action"]?.stringValue
    }
    #expect(streamed == "sessions.id=1.search.searchQueryChanged")
    #expect(paths.contains(try #require(streamed)), "history listed \(paths)")
  }
}
