import ComposableArchitecture
import SwitchyardRuntime
import SwitchyardWorkers

/// A session's search box: the seeds' debounced search, with the debounce moved into the `search`
/// worker.
///
/// Every keystroke starts a ``SearchJob`` and cancels the one in flight; the worker waits out its
/// debounce window before searching, so a burst of keystrokes costs one search.
public struct SearchFeature: Reducer {
  /// The query and what it found.
  public struct State: Codable, Equatable, Sendable {
    /// The session whose queries these are; the worker debounces per session.
    public var sessionID: String
    /// What the user has typed.
    public var query = ""
    /// The best matches for ``query``, best first.
    public var results: [SearchResult] = []
    /// How many records matched in all.
    public var totalMatches = 0
    /// Whether a search for ``query`` is under way.
    public var isSearching = false
    /// How many queries this session has sent to the worker, which orders them for its debounce.
    public var queriesSent = 0
    /// Why the last search failed, until the next query.
    public var failure: JobFailure?

    /// Creates an empty search for `sessionID`.
    public init(sessionID: String) {
      self.sessionID = sessionID
    }
  }

  /// What happens to the search box.
  public enum Action: Codable, Equatable, Sendable {
    /// The user changed the query; an empty one clears the results.
    case searchQueryChanged(String)
    /// The worker answered the latest query.
    case searchResponse(SearchResponse)
    /// The search could not run; the reason says why.
    case searchFailed(JobFailure)
  }

  private enum CancelID: Hashable, Sendable {
    case search
  }

  /// Creates the feature.
  public init() {}

  /// Starts, replaces and records searches.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .searchQueryChanged(query):
      state.query = query
      state.failure = nil
      guard !query.allSatisfy(\.isWhitespace) else {
        state.results = []
        state.totalMatches = 0
        state.isSearching = false
        return .cancel(id: CancelID.search)
      }
      state.isSearching = true
      state.queriesSent += 1
      return .remote(SearchJob(sessionID: state.sessionID, query: query, sequence: state.queriesSent)) { event in
        switch event {
        case let .output(response): .searchResponse(response)
        case .finished: nil
        case let .failed(failure): .searchFailed(failure)
        }
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)

    case let .searchResponse(response):
      state.results = response.results
      state.totalMatches = response.totalMatches
      state.isSearching = false
      return .none

    case let .searchFailed(failure):
      state.failure = failure
      state.isSearching = false
      return .none
    }
  }
}

extension SearchFeature.Action: CasePathable {
  /// The case paths of ``SearchFeature/Action``: `\.searchResponse`.
  public struct AllCasePaths: Sendable {
    /// The ``SearchFeature/Action/searchQueryChanged(_:)`` case.
    public var searchQueryChanged: AnyCasePath<SearchFeature.Action, String> { /SearchFeature.Action.searchQueryChanged }
    /// The ``SearchFeature/Action/searchResponse(_:)`` case.
    public var searchResponse: AnyCasePath<SearchFeature.Action, SearchResponse> { /SearchFeature.Action.searchResponse }
    /// The ``SearchFeature/Action/searchFailed(_:)`` case.
    public var searchFailed: AnyCasePath<SearchFeature.Action, JobFailure> { /SearchFeature.Action.searchFailed }
  }

  /// The case paths of ``SearchFeature/Action``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
