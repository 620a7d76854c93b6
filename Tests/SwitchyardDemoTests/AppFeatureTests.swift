import ComposableArchitecture
import SwitchyardDemo
import SwitchyardRuntime
import SwitchyardWire
import SwitchyardWorkers
import Testing

@MainActor
@Suite struct AppFeatureTests {
  let upstream = UpstreamEndpoints(port: 8080)

  @Test func openingASessionGivesItTheUpstreamsAddresses() async {
    let store = TestStore(initialState: AppFeature.State(upstream: upstream)) { AppFeature() }

    await store.send(.sessionOpened(id: "1")) {
      $0.sessions = [SessionFeature.State(id: "1", upstream: self.upstream)]
    }
    #expect(store.state.sessions[id: "1"]?.feed.url == "ws://127.0.0.1:8080/feed")
    #expect(store.state.sessions[id: "1"]?.catalog.baseURL == "http://127.0.0.1:8080")
    await store.send(.sessionOpened(id: "1"))
    await store.send(.sessionClosed(id: "1")) { $0.sessions = [] }
  }

  @Test func closingASessionCancelsEverythingItStarted() async {
    let clock = TestClock()
    let (messages, _) = AsyncStream.makeStream(of: String.self)
    let executor = InProcessJobExecutor(
      SearchHandler(clock: clock),
      FeedTestHandler(messages: messages),
      CatalogTestHandler(latency: .seconds(1), clock: clock)
    )
    let store = TestStore(initialState: AppFeature.State(upstream: upstream)) {
      AppFeature()
    } withDependencies: {
      $0.jobExecutor = executor
    }

    await store.send(.sessionOpened(id: "1")) {
      $0.sessions = [SessionFeature.State(id: "1", upstream: self.upstream)]
    }
    await store.send(.sessions(.element(id: "1", action: .feed(.connectWebSocket)))) {
      $0.sessions[id: "1"]?.feed.isListening = true
    }
    await store.receive(\.sessions[id: "1"].feed.webSocketConnected) {
      $0.sessions[id: "1"]?.feed.isConnected = true
    }
    await store.send(.sessions(.element(id: "1", action: .catalog(.loadNextPage)))) {
      $0.sessions[id: "1"]?.catalog.isLoadingPage = true
    }
    await store.send(.sessions(.element(id: "1", action: .search(.searchQueryChanged("copper"))))) {
      $0.sessions[id: "1"]?.search.query = "copper"
      $0.sessions[id: "1"]?.search.isSearching = true
      $0.sessions[id: "1"]?.search.queriesSent = 1
    }
    await clock.advance(by: .milliseconds(10))

    await store.send(.sessionClosed(id: "1")) { $0.sessions = [] }
    await store.finish()
    await clock.run()
    #expect(executor.counters == ["queriesReceived": 1, "feedsCancelled": 1, "pageLoadsCancelled": 1])
  }

  @Test func sessionsSearchIndependently() async {
    let clock = TestClock()
    let executor = InProcessJobExecutor(SearchHandler(clock: clock))
    let store = TestStore(
      initialState: AppFeature.State(
        upstream: upstream,
        sessions: [SessionFeature.State(id: "1", upstream: upstream), SessionFeature.State(id: "2", upstream: upstream)]
      )
    ) {
      AppFeature()
    } withDependencies: {
      $0.jobExecutor = executor
    }
    store.exhaustivity = .off(showSkippedAssertions: false)

    await store.send(.sessions(.element(id: "1", action: .search(.searchQueryChanged("copper")))))
    await store.send(.sessions(.element(id: "2", action: .search(.searchQueryChanged("kettle")))))
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.sessions[id: "1"].search.searchResponse)
    await store.receive(\.sessions[id: "2"].search.searchResponse)
    #expect(store.state.sessions[id: "1"]?.search.results == SearchIndex.corpus.search("copper", limit: 10).results)
    #expect(store.state.sessions[id: "2"]?.search.results == SearchIndex.corpus.search("kettle", limit: 10).results)
    #expect(executor.counters == ["queriesReceived": 2, "searchesExecuted": 2])
  }

  @Test func theDemoOpensASessionConnectsItsFeedAndLoadsTheFirstPage() async {
    let (messages, continuation) = AsyncStream.makeStream(of: String.self)
    let demo = DemoApplication(upstream: upstream)
    let store = TestStore(initialState: demo.initialState) {
      AppFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(FeedTestHandler(messages: messages), CatalogTestHandler(itemCount: 30))
    }
    #expect(demo.startActions == [.started(firstSessionID: DemoApplication.firstSessionID), .idleChecksStarted])
    #expect(demo.stopActions == [.stopping])
    // The handler reads its messages on the cooperative pool, which every suite of a full run
    // shares on two cores: a second to receive is not always enough there.
    store.timeout = .seconds(30)

    await store.send(demo.startActions[0]) {
      $0.sessions = [SessionFeature.State(id: DemoApplication.firstSessionID, upstream: self.upstream)]
    }
    await store.receive(\.sessions[id: "1"].feed.connectWebSocket) {
      $0.sessions[id: "1"]?.feed.isListening = true
    }
    await store.receive(\.sessions[id: "1"].catalog.loadNextPage) {
      $0.sessions[id: "1"]?.catalog.isLoadingPage = true
    }
    await store.receive(\.sessions[id: "1"].feed.webSocketConnected) {
      $0.sessions[id: "1"]?.feed.isConnected = true
    }
    await store.receive(\.sessions[id: "1"].catalog.pageLoaded) {
      $0.sessions[id: "1"]?.catalog.items = IdentifiedArray(uniqueElements: (1...20).map { CatalogItem(id: $0, title: "Item \($0)") })
      $0.sessions[id: "1"]?.catalog.currentPage = 1
      $0.sessions[id: "1"]?.catalog.isLoadingPage = false
    }
    continuation.yield("tick 1")
    await store.receive(\.sessions[id: "1"].feed.webSocketMessageReceived, "tick 1") {
      $0.sessions[id: "1"]?.feed.messages = ["tick 1"]
    }
    await store.send(.sessionClosed(id: "1")) { $0.sessions = [] }
    await store.finish()
  }

  /// Issue 38: a clean restart warned of a lost listener and loaded one more page. A stop suspends
  /// the listener, keeping that it listens; the next start resumes it and loads no page.
  @Test func aStopSuspendsTheListenerAndTheNextStartResumesItLoadingNothing() async {
    let (messages, continuation) = AsyncStream.makeStream(of: String.self)
    var state = AppFeature.State(upstream: upstream)
    var session = SessionFeature.State(id: "1", upstream: upstream)
    session.feed.isListening = true
    session.catalog.currentPage = 1
    state.sessions = [session]
    let store = TestStore(initialState: state) {
      AppFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(FeedTestHandler(messages: messages), CatalogTestHandler(itemCount: 30))
    }
    store.timeout = .seconds(30)

    await store.send(.started(firstSessionID: "1"))
    await store.receive(\.sessions[id: "1"].feed.resume)
    await store.receive(\.sessions[id: "1"].feed.webSocketConnected) {
      $0.sessions[id: "1"]?.feed.isConnected = true
    }
    await store.send(.stopping)
    await store.receive(\.sessions[id: "1"].feed.suspend) {
      $0.sessions[id: "1"]?.feed.isConnected = false
    }
    continuation.yield("after the stop")
    await store.finish()
    #expect(store.state.sessions[id: "1"]?.feed.isListening == true)
  }
}
