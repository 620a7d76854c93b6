import ComposableArchitecture
import SwitchyardDemo
import SwitchyardRuntime
import SwitchyardWorkers
import Testing

@MainActor
@Suite struct SearchFeatureTests {
  @Test func aBurstOfKeystrokesRunsOneSearchInTheWorker() async {
    let clock = TestClock()
    let executor = InProcessJobExecutor(SearchHandler(clock: clock))
    let store = TestStore(initialState: SearchFeature.State(sessionID: "1")) {
      SearchFeature()
    } withDependencies: {
      $0.jobExecutor = executor
    }

    await store.send(.searchQueryChanged("c")) {
      $0.query = "c"
      $0.isSearching = true
      $0.queriesSent = 1
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.searchQueryChanged("cop")) {
      $0.query = "cop"
      $0.queriesSent = 2
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.searchQueryChanged("copper ke")) {
      $0.query = "copper ke"
      $0.queriesSent = 3
    }
    await clock.advance(by: .milliseconds(299))
    #expect(executor.counters["searchesExecuted", default: 0] == 0)

    await clock.advance(by: .milliseconds(1))
    let expected = SearchIndex.corpus.search("copper ke", limit: 10)
    #expect(expected.totalMatches > 0)
    await store.receive(.searchResponse(expected)) {
      $0.results = expected.results
      $0.totalMatches = expected.totalMatches
      $0.isSearching = false
    }
    #expect(executor.counters == ["queriesReceived": 3, "searchesExecuted": 1])
  }

  @Test func clearingTheQueryClearsTheResultsWithoutSearching() async {
    let clock = TestClock()
    let executor = InProcessJobExecutor(SearchHandler(clock: clock))
    var state = SearchFeature.State(sessionID: "1")
    state.query = "copper"
    state.results = [SearchResult(id: 1, title: "Copper Kettle", score: 1)]
    state.totalMatches = 1
    let store = TestStore(initialState: state) {
      SearchFeature()
    } withDependencies: {
      $0.jobExecutor = executor
    }

    await store.send(.searchQueryChanged("kettle")) {
      $0.query = "kettle"
      $0.isSearching = true
      $0.queriesSent = 1
    }
    await clock.advance(by: .milliseconds(10))
    await store.send(.searchQueryChanged("")) {
      $0.query = ""
      $0.results = []
      $0.totalMatches = 0
      $0.isSearching = false
    }
    await clock.run()
    #expect(executor.counters == ["queriesReceived": 1])
  }

  @Test func aFailedSearchKeepsItsReason() async {
    let store = TestStore(initialState: SearchFeature.State(sessionID: "1")) {
      SearchFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor()
    }

    await store.send(.searchQueryChanged("copper")) {
      $0.query = "copper"
      $0.isSearching = true
      $0.queriesSent = 1
    }
    let failure = JobFailure(code: .unavailable, message: "No handler for 'search' jobs in this executor.")
    await store.receive(.searchFailed(failure)) {
      $0.isSearching = false
      $0.failure = failure
    }
  }
}
