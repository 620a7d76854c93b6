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

  /// Issue 38: every clean restart warned that a listener made before the snapshot was lost, and
  /// loaded one more catalogue page. Stopped with SIGTERM twice, with snapshots taken all along,
  /// the demo warns of nothing, resumes its listener and still shows page 1 alone.
  @Test func aCleanRestartWarnsOfNothingAndLoadsNoPageAgain() async throws {
    let arguments = ["--fsync", "always", "--snapshot-every", "5"]
    let first = try DemoProcess(arguments: arguments)
    defer { first.cleanUp() }
    let client = try await first.connect()
    let before = try await first.state("page 1 and a few feed messages after a snapshot", through: client) { state in
      guard let session = state.sessions[id: "1"] else { return false }
      return session.catalog.currentPage == 1 && !session.catalog.isLoadingPage && session.feed.messages.count >= 8
    }
    #expect(await first.terminate() == 0)

    var heard = before.sessions[id: "1"]?.feed.messages.count ?? 0
    for restart in 1...2 {
      let next = try DemoProcess(arguments: arguments, runDirectory: first.runDirectory)
      defer { next.crash() }
      let again = try await next.connect()
      let after = try await next.state("the feed hearing new messages after restart \(restart)", through: again) { state in
        guard let feed = state.sessions[id: "1"]?.feed else { return false }
        return feed.isConnected && feed.messages.count >= min(heard + 2, FeedFeature.State.messageLimit)
          && feed.messages.last != before.sessions[id: "1"]?.feed.messages.last
      }
      heard = after.sessions[id: "1"]?.feed.messages.count ?? 0
      #expect(after.sessions[id: "1"]?.catalog.currentPage == 1)
      #expect(after.sessions[id: "1"]?.catalog.items.count == 20)
      #expect(after.sessions[id: "1"]?.catalog.isLoadingPage == false)
      #expect(await next.terminate() == 0)
      // A slow reduction is the loaded machine's (a full run preempts the first reductions for
      // tens of milliseconds), not recovery's.
      let warnings = next.log.split(separator: "\n").filter { $0.contains("warning") && !$0.contains("slow reduction") }
      #expect(warnings.isEmpty, "restart \(restart) warned: \(next.log)")
      #expect(!next.log.contains("in flight"), "restart \(restart) found effects in flight: \(next.log)")
    }
  }
}
