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
        #"{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":{"_0":"\#(query)"}}}}}}"#,
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
}
