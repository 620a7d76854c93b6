import Foundation
import SwitchyardDemo
import Testing

/// `switchyard start --demo` killed with SIGKILL and started again on the same data directory:
/// the feeds that were listening listen again, with no action sent by hand.
@Suite struct DemoRestartTests {
  @Test func everyFeedListeningAtACrashListensAgainAfterTheRestart() async throws {
    let first = try DemoProcess(arguments: ["--fsync", "always"])
    defer { first.cleanUp() }
    let client = try await first.connect()
    // Session 2's feed is connected by hand: only the journal knows it was listening.
    try first.send(#"{"sessionOpened":{"id":"2"}}"#, through: client)
    try first.send(#"{"sessions":{"element":{"id":"2","action":{"feed":{"connectWebSocket":{}}}}}}"#, through: client)
    let before = try await first.state("both feeds hearing messages", through: client) { state in
      ["1", "2"].allSatisfy { (state.sessions[id: $0]?.feed.messages.count ?? 0) >= 2 }
    }
    first.crash()

    let second = try DemoProcess(arguments: ["--fsync", "always"], runDirectory: first.runDirectory)
    defer { second.crash() }
    let again = try await second.connect()
    let after = try await second.state("both feeds hearing new messages", through: again) { state in
      ["1", "2"].allSatisfy { id in
        guard let feed = state.sessions[id: id]?.feed, let previous = before.sessions[id: id]?.feed else { return false }
        return feed.isConnected && feed.messages.count >= previous.messages.count + 2
      }
    }
    #expect(after.sessions[id: "2"]?.feed.isListening == true)
    #expect(second.log.contains("remote effects were in flight"), "the journal restarted the listeners: \(second.log)")
    #expect(await second.terminate() == 0)
  }
}
