import ComposableArchitecture
import Synchronization
import Testing

@MainActor
@Suite struct EffectsFeatureTests {
  @Test func typingWithinTheDebounceWindowSearchesOnce() async {
    let clock = TestClock()
    let searches = Mutex<[String]>([])
    let store = TestStore(initialState: EffectsFeature.State()) {
      EffectsFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient.search = { query in
        searches.withLock { $0.append(query) }
        return [SearchResult(title: query.uppercased())]
      }
    }

    await store.send(.searchQueryChanged("s")) {
      $0.searchQuery = "s"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.searchQueryChanged("sw")) { $0.searchQuery = "sw" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.searchQueryChanged("swi")) { $0.searchQuery = "swi" }
    await clock.advance(by: .milliseconds(299))
    #expect(searches.withLock { $0 }.isEmpty)

    await clock.advance(by: .milliseconds(1))
    await store.receive(\.searchResponse.success) {
      $0.searchResults = [SearchResult(title: "SWI")]
      $0.isSearching = false
    }
    #expect(searches.withLock { $0 } == ["swi"])
  }

  @Test func clearingTheQueryCancelsThePendingSearch() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsFeature.State()) {
      EffectsFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.searchQueryChanged("swift")) {
      $0.searchQuery = "swift"
      $0.isSearching = true
    }
    await store.send(.searchQueryChanged("")) {
      $0.searchQuery = ""
      $0.isSearching = false
    }
    await clock.run()
  }

  @Test func webSocketListenerRunsUntilCancelledByID() async {
    let (messages, continuation) = AsyncStream.makeStream(of: String.self)
    let store = TestStore(initialState: EffectsFeature.State()) {
      EffectsFeature()
    } withDependencies: {
      $0.webSocketClient.messages = { messages }
    }

    // The listener reads on the cooperative pool, which every suite of a full run shares.
    store.timeout = .seconds(30)
    await store.send(.connectWebSocket) { $0.isConnected = true }
    await store.receive(\.webSocketConnected)

    continuation.yield("hello")
    await store.receive(\.webSocketMessageReceived, "hello") {
      $0.webSocketMessages = ["hello"]
    }
    continuation.yield("world")
    await store.receive(\.webSocketMessageReceived, "world") {
      $0.webSocketMessages = ["hello", "world"]
    }

    await store.send(.disconnectWebSocket) { $0.isConnected = false }
    continuation.yield("after cancel")
    continuation.finish()
    await store.finish()
  }

  @Test func webSocketKeepsTheLastHundredMessages() async {
    let store = TestStore(initialState: EffectsFeature.State()) { EffectsFeature() }
    store.exhaustivity = .off
    for index in 0..<105 {
      await store.send(.webSocketMessageReceived("\(index)"))
    }
    #expect(store.state.webSocketMessages.count == 100)
    #expect(store.state.webSocketMessages.first == "5")
  }

  @Test func pollingTicksOnTheClockUntilStopped() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsFeature.State()) {
      EffectsFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.startPolling)
    await clock.advance(by: .seconds(5))
    await store.receive(\.pollTick)
    await store.receive(\.searchResponse.success) {
      $0.searchResults = [SearchResult(title: "Latest")]
    }
    await store.send(.stopPolling)
    await clock.advance(by: .seconds(60))
  }
}
