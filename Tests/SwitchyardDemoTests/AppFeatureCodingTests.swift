import ComposableArchitecture
import SwitchyardDemo
import SwitchyardRuntime
import SwitchyardWire
import SwitchyardWorkers
import SwitchyardTestSupport
import Testing

/// The coordinator decodes actions from JSON for `switchyard send` and encodes state for
/// `switchyard status --state`, both with the wire's codec.
@Suite struct AppFeatureCodingTests {
  @Test func theDocumentedSendJSONDecodesToAQueryChangeInSessionOne() throws {
    let json = #"{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"copper"}}}}}"#
    let action = try WireJSONDecoder().decode(AppFeature.Action.self, from: Array(json.utf8))
    #expect(action == .sessions(.element(id: "1", action: .search(.searchQueryChanged("copper")))))
    #expect(String(decoding: try WireJSONEncoder().encode(action), as: UTF8.self) == json)
  }

  @Test func everyActionRoundTrips() throws {
    let failure = JobFailure(code: .timeout, message: "Too slow.", retryable: true)
    let actions: [AppFeature.Action] = [
      .sessionOpened(id: "1"),
      .sessionClosed(id: "1"),
      .sessions(.element(id: "1", action: .search(.searchResponse(SearchResponse(
        query: "copper", results: [SearchResult(id: 7, title: "Copper Kettle", score: 1.25)], totalMatches: 1
      ))))),
      .sessions(.element(id: "1", action: .search(.searchFailed(failure)))),
      .sessions(.element(id: "1", action: .feed(.connectWebSocket))),
      .sessions(.element(id: "1", action: .feed(.webSocketMessageReceived("hello")))),
      .sessions(.element(id: "1", action: .feed(.webSocketDisconnected(reason: "closed")))),
      .sessions(.element(id: "1", action: .catalog(.pageLoaded(CatalogPage(items: [CatalogItem(id: 1, title: "A")], page: 1, hasMore: false))))),
      .sessions(.element(id: "1", action: .catalog(.pageLoadFailed(failure)))),
      .sessions(.element(id: "1", action: .catalog(.refresh))),
    ]
    for action in actions {
      let decoded = try WireJSONDecoder().decode(AppFeature.Action.self, from: WireJSONEncoder().encode(action))
      #expect(decoded == action)
    }
  }

  @Test func theOtherDocumentedShapesDecode() throws {
    let decoder = WireJSONDecoder()
    #expect(try decoder.decode(AppFeature.Action.self, from: Array(#"{"sessionOpened":{"id":"1"}}"#.utf8)) == .sessionOpened(id: "1"))
    let nextPage = #"{"sessions":{"element":{"id":"1","action":{"catalog":{"loadNextPage":{}}}}}}"#
    #expect(try decoder.decode(AppFeature.Action.self, from: Array(nextPage.utf8)) == .sessions(.element(id: "1", action: .catalog(.loadNextPage))))
  }

  @Test(arguments: [
    #"{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":42}}}}}"#,
    #"{"sessions":{"element":{"id":"1","action":{"weather":{}}}}}"#,
    #"{"sessionOpened":{"id":"1"},"sessionClosed":{"id":"1"}}"#,
    #"{}"#,
  ])
  func aMalformedActionIsAnErrorNotACrash(json: String) {
    #expect(throws: DecodingError.self) {
      try WireJSONDecoder().decode(AppFeature.Action.self, from: Array(json.utf8))
    }
  }

  // Seconds of CPU: on a thread of its own, not one of the two the whole run's async tests share.
  @Test(.onAThreadOfItsOwn) func tenThousandSessionsRoundTrip() throws {
    let upstream = UpstreamEndpoints(port: 8080)
    var state = AppFeature.State(upstream: upstream)
    for index in 1...10_000 {
      var session = SessionFeature.State(id: "\(index)", upstream: upstream)
      session.search.query = "query \(index)"
      session.search.results = [SearchResult(id: index, title: "Result \(index)", score: Double(index) / 7)]
      session.feed.messages = ["message \(index)"]
      session.catalog.items = [CatalogItem(id: index, title: "Item \(index)")]
      session.catalog.failure = index.isMultiple(of: 1_000) ? JobFailure(code: .timeout, message: "Slow.") : nil
      state.sessions.append(session)
    }
    let bytes = try WireJSONEncoder().encode(state)
    let decoded = try WireJSONDecoder().decode(AppFeature.State.self, from: bytes)
    #expect(decoded.sessions.count == 10_000)
    #expect(decoded == state)
  }
}
