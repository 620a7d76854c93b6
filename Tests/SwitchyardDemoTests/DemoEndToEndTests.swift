import Foundation
import SwitchyardDemo
import SwitchyardWorkers
import Testing

/// `switchyard start --demo` with real worker processes, the upstream service on 127.0.0.1 and the
/// control socket, driven as a person would from a second terminal.
@Suite struct DemoEndToEndTests {
  @Test func aBurstOfQueryChangesSentToTheDemoRunsOneSearchInTheWorkers() async throws {
    let demo = try DemoProcess()
    defer { demo.cleanUp() }
    let client = try await demo.connect()
    _ = try await demo.state("session 1 to open", through: client) { $0.sessions[id: "1"] != nil }

    for query in ["c", "copper", "copper kettle"] {
      try demo.send(
        #"{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"\#(query)"}}}}}"#,
        through: client
      )
    }
    let state = try await demo.state("search results", through: client) {
      $0.sessions[id: "1"]?.search.isSearching == false && $0.sessions[id: "1"]?.search.query == "copper kettle"
    }
    let expected = SearchIndex.corpus.search("copper kettle", limit: 10)
    #expect(state.sessions[id: "1"]?.search.results == expected.results)
    #expect(state.sessions[id: "1"]?.search.totalMatches == expected.totalMatches)

    let search = try await demo.pool("search", "the search counters", through: client) {
      $0.counters["searchesExecuted"] != nil
    }
    #expect(search.counters["searchesExecuted"] == 1)
    // Superseded jobs are cancelled by the coordinator too, sometimes before a worker starts them.
    #expect((1...3).contains(search.counters["queriesReceived"] ?? 0))
    #expect(await demo.terminate() == 0)
  }

  @Test func theDemosSessionHearsItsFeedInOrderAndPagesThroughTheCatalogue() async throws {
    let demo = try DemoProcess()
    defer { demo.cleanUp() }
    let client = try await demo.connect()
    let started = try await demo.state("two feed messages and page 1", through: client) {
      guard let session = $0.sessions[id: "1"] else { return false }
      return session.feed.messages.count >= 2 && session.catalog.currentPage == 1
    }
    let session = try #require(started.sessions[id: "1"])
    #expect(session.feed.isConnected)
    let sequences = try session.feed.messages.map { try JSONDecoder().decode(FeedMessageNumber.self, from: Data($0.utf8)).sequence }
    #expect(sequences == Array(sequences[0]..<sequences[0] + sequences.count))
    #expect(session.catalog.items.ids == Array(1...20))

    try demo.send(#"{"sessions":{"element":{"id":"1","action":{"catalog":{"loadNextPage":{}}}}}}"#, through: client)
    let paged = try await demo.state("page 2", through: client) { $0.sessions[id: "1"]?.catalog.currentPage == 2 }
    #expect(paged.sessions[id: "1"]?.catalog.items.ids == Array(1...40))
    #expect(paged.sessions[id: "1"]?.catalog.hasMorePages == true)
    #expect(await demo.terminate() == 0)
  }
}

/// The part of an upstream feed message this test reads: `{"sequence": 7, …}`.
private struct FeedMessageNumber: Decodable {
  var sequence: Int
}
