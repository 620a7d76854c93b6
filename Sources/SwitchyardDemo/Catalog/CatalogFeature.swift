import ComposableArchitecture
import SwitchyardRuntime
import SwitchyardWorkers

/// A session's catalogue: the seeds' paginated list, its pages fetched by the `pagination` worker.
public struct CatalogFeature: Reducer {
  /// The items loaded so far and the last page they came from.
  public struct State: Codable, Equatable, Sendable {
    /// The upstream service the pages come from, e.g. `http://127.0.0.1:8080`.
    public var baseURL: String
    /// Items per page.
    public var perPage: Int
    /// Every item loaded, in catalogue order.
    public var items: IdentifiedArrayOf<CatalogItem> = []
    /// The last page loaded, from 1; 0 before the first. ``CatalogFeature/Action/loadNextPage``
    /// loads the page after it.
    public var currentPage = 0
    /// Whether the upstream has pages after the last one loaded.
    public var hasMorePages = true
    /// Whether a page is on its way (or was, when the coordinator stopped: the next start loads it).
    public var isLoadingPage = false
    /// Why the last page failed to load, until the next load.
    public var failure: JobFailure?

    /// Creates an empty catalogue served from `baseURL`, `perPage` items at a time.
    public init(baseURL: String, perPage: Int = 20) {
      self.baseURL = baseURL
      self.perPage = perPage
    }
  }

  /// What happens to the catalogue.
  public enum Action: Codable, Equatable, Sendable {
    /// The user asked for the next page; ignored while one loads or when none is left.
    case loadNextPage
    /// A page arrived; ignored unless it is the page being loaded.
    case pageLoaded(CatalogPage)
    /// A page could not be loaded; the reason says why.
    case pageLoadFailed(JobFailure)
    /// The user asked to start again from page 1.
    case refresh
    /// The coordinator is stopping: the page on its way is no longer awaited, and ``resume`` asks
    /// for it again at the next start.
    case suspend
    /// The coordinator started: loads again the page that was on its way when the last one stopped.
    case resume
  }

  private enum CancelID: Hashable, Sendable {
    case pageLoad
  }

  /// Creates the feature.
  public init() {}

  /// Loads pages in order and appends their items.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loadNextPage:
      guard !state.isLoadingPage, state.hasMorePages else { return .none }
      return loadPage(&state)

    case let .pageLoaded(page):
      // Only the page being loaded counts: any other is stale, or not from the worker at all.
      guard state.isLoadingPage, page.page == state.currentPage &+ 1 else { return .none }
      state.items.append(contentsOf: page.items)
      state.currentPage = page.page
      state.hasMorePages = page.hasMore && page.page < .max
      state.isLoadingPage = false
      return .none

    case let .pageLoadFailed(failure):
      state.failure = failure
      state.isLoadingPage = false
      return .none

    case .refresh:
      state.items = []
      state.currentPage = 0
      state.hasMorePages = true
      return loadPage(&state)

    case .suspend:
      return .cancel(id: CancelID.pageLoad)

    case .resume:
      guard state.isLoadingPage else { return .none }
      return loadPage(&state)
    }
  }

  /// Starts loading the page after ``State/currentPage``, replacing any load in flight.
  private func loadPage(_ state: inout State) -> Effect<Action> {
    state.isLoadingPage = true
    state.failure = nil
    let job = PageJob(baseURL: state.baseURL, page: state.currentPage + 1, perPage: state.perPage)
    return .remote(job) { event in
      switch event {
      case let .output(page): .pageLoaded(page)
      case .finished: nil
      case let .failed(failure): .pageLoadFailed(failure)
      }
    }
    .cancellable(id: CancelID.pageLoad, cancelInFlight: true)
  }
}

extension CatalogFeature.Action: CasePathable {
  /// The case paths of ``CatalogFeature/Action``: `\.pageLoaded`.
  public struct AllCasePaths: Sendable {
    /// The ``CatalogFeature/Action/loadNextPage`` case.
    public var loadNextPage: AnyCasePath<CatalogFeature.Action, Void> { /CatalogFeature.Action.loadNextPage }
    /// The ``CatalogFeature/Action/pageLoaded(_:)`` case.
    public var pageLoaded: AnyCasePath<CatalogFeature.Action, CatalogPage> { /CatalogFeature.Action.pageLoaded }
    /// The ``CatalogFeature/Action/pageLoadFailed(_:)`` case.
    public var pageLoadFailed: AnyCasePath<CatalogFeature.Action, JobFailure> { /CatalogFeature.Action.pageLoadFailed }
    /// The ``CatalogFeature/Action/refresh`` case.
    public var refresh: AnyCasePath<CatalogFeature.Action, Void> { /CatalogFeature.Action.refresh }
    /// The ``CatalogFeature/Action/suspend`` case.
    public var suspend: AnyCasePath<CatalogFeature.Action, Void> { /CatalogFeature.Action.suspend }
    /// The ``CatalogFeature/Action/resume`` case.
    public var resume: AnyCasePath<CatalogFeature.Action, Void> { /CatalogFeature.Action.resume }
  }

  /// The case paths of ``CatalogFeature/Action``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
