import ComposableArchitecture
import SwitchyardDemo
import SwitchyardRuntime
import SwitchyardWorkers
import Testing

@MainActor
@Suite struct CatalogFeatureTests {
  static let items = (1...5).map { CatalogItem(id: $0, title: "Item \($0)") }

  @Test func pagesLoadInOrderUntilNoneIsLeft() async {
    let store = TestStore(initialState: CatalogFeature.State(baseURL: "http://127.0.0.1:1", perPage: 2)) {
      CatalogFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(CatalogTestHandler(itemCount: 5))
    }

    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.receive(.pageLoaded(CatalogPage(items: Array(Self.items[0..<2]), page: 1, hasMore: true))) {
      $0.items = IdentifiedArray(uniqueElements: Self.items[0..<2])
      $0.currentPage = 1
      $0.isLoadingPage = false
    }
    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.receive(\.pageLoaded) {
      $0.items = IdentifiedArray(uniqueElements: Self.items[0..<4])
      $0.currentPage = 2
      $0.isLoadingPage = false
    }
    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.receive(\.pageLoaded) {
      $0.items = IdentifiedArray(uniqueElements: Self.items)
      $0.currentPage = 3
      $0.hasMorePages = false
      $0.isLoadingPage = false
    }
    await store.send(.loadNextPage)
  }

  @Test func aPageThatFailsKeepsItsReasonAndCanBeRetried() async {
    let store = TestStore(initialState: CatalogFeature.State(baseURL: "http://127.0.0.1:1", perPage: 2)) {
      CatalogFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(CatalogTestHandler(itemCount: 5, failingPages: [1]))
    }

    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    let failure = JobFailure(code: "notFound", message: "Page 1 is not in the catalogue.")
    await store.receive(.pageLoadFailed(failure)) {
      $0.isLoadingPage = false
      $0.failure = failure
    }
    await store.send(.loadNextPage) {
      $0.isLoadingPage = true
      $0.failure = nil
    }
    await store.receive(.pageLoadFailed(failure)) {
      $0.isLoadingPage = false
      $0.failure = failure
    }
  }

  @Test func refreshStartsAgainFromTheFirstPage() async {
    var state = CatalogFeature.State(baseURL: "http://127.0.0.1:1", perPage: 2)
    state.items = IdentifiedArray(uniqueElements: Self.items)
    state.currentPage = 3
    state.hasMorePages = false
    let store = TestStore(initialState: state) {
      CatalogFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(CatalogTestHandler(itemCount: 5))
    }

    await store.send(.refresh) {
      $0.items = []
      $0.currentPage = 0
      $0.hasMorePages = true
      $0.isLoadingPage = true
    }
    await store.receive(\.pageLoaded) {
      $0.items = IdentifiedArray(uniqueElements: Self.items[0..<2])
      $0.currentPage = 1
      $0.isLoadingPage = false
    }
  }

  /// Issue 32 item 2: `page.page + 1` overflowed on a page no worker sent, and killed the coordinator.
  @Test func aPageNotBeingLoadedIsIgnoredWhateverItsNumber() async {
    let store = TestStore(initialState: CatalogFeature.State(baseURL: "http://127.0.0.1:1", perPage: 2)) {
      CatalogFeature()
    }

    await store.send(.pageLoaded(CatalogPage(items: [], page: .max, hasMore: false)))
    await store.send(.pageLoaded(CatalogPage(items: Array(Self.items[0..<2]), page: 1, hasMore: true)))
  }

  @Test func theLastPossiblePageEndsTheCatalogue() async {
    var state = CatalogFeature.State(baseURL: "http://127.0.0.1:1", perPage: 2)
    state.currentPage = .max - 1
    state.isLoadingPage = true
    let store = TestStore(initialState: state) {
      CatalogFeature()
    }

    await store.send(.pageLoaded(CatalogPage(items: [], page: .max, hasMore: true))) {
      $0.currentPage = .max
      $0.hasMorePages = false
      $0.isLoadingPage = false
    }
  }

  /// A stop suspends the page on its way, and the next start loads that page: not one more.
  @Test func aSuspendedPageLoadIsLoadedAgainOnResume() async {
    var state = CatalogFeature.State(baseURL: "http://127.0.0.1:1", perPage: 2)
    state.items = IdentifiedArray(uniqueElements: Self.items[0..<2])
    state.currentPage = 1
    let clock = TestClock()
    let store = TestStore(initialState: state) {
      CatalogFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(CatalogTestHandler(itemCount: 5, latency: .seconds(1), clock: clock))
    }

    await store.send(.resume)
    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.send(.suspend)
    await store.send(.resume)
    await clock.advance(by: .seconds(1))
    await store.receive(\.pageLoaded) {
      $0.items = IdentifiedArray(uniqueElements: Self.items[0..<4])
      $0.currentPage = 2
      $0.isLoadingPage = false
    }
  }
}
