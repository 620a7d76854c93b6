import ComposableArchitecture

/// One user's session of the demo: a search box, a live feed and a catalogue, side by side.
public struct SessionFeature: Reducer {
  /// The session's three features.
  public struct State: Codable, Equatable, Identifiable, Sendable {
    /// The session's name, chosen by whoever opens it; also the search worker's debounce key.
    public var id: String
    /// The search box.
    public var search: SearchFeature.State
    /// The live feed.
    public var feed: FeedFeature.State
    /// The catalogue.
    public var catalog: CatalogFeature.State
    /// How many of the demo's idle checks in a row found no user action in the session since the
    /// one before; `nil` for none. ``AppFeature`` closes it at ``AppFeature/idleChecksBeforeClosing``.
    public var idleChecks: Int?

    /// Creates a fresh session named `id` whose feed and catalogue come from `upstream`.
    public init(id: String, upstream: UpstreamEndpoints) {
      self.id = id
      self.search = SearchFeature.State(sessionID: id)
      self.feed = FeedFeature.State(sessionID: id, url: upstream.feedURL)
      self.catalog = CatalogFeature.State(baseURL: upstream.httpBaseURL)
    }
  }

  /// An action of one of the session's features.
  public enum Action: Codable, Equatable, Sendable {
    /// An action of the search box.
    case search(SearchFeature.Action)
    /// An action of the feed.
    case feed(FeedFeature.Action)
    /// An action of the catalogue.
    case catalog(CatalogFeature.Action)
  }

  /// Creates the feature.
  public init() {}

  /// The three features, each on its own part of the state.
  public var body: some ReducerOf<Self> {
    Scope(state: \.search, action: \.search) { SearchFeature() }
    Scope(state: \.feed, action: \.feed) { FeedFeature() }
    Scope(state: \.catalog, action: \.catalog) { CatalogFeature() }
  }
}

extension SessionFeature.Action: CasePathable {
  /// The case paths of ``SessionFeature/Action``: `\.search`, `\.feed`, `\.catalog`.
  public struct AllCasePaths: Sendable {
    /// The search box's actions.
    public var search: AnyCasePath<SessionFeature.Action, SearchFeature.Action> { /SessionFeature.Action.search }
    /// The feed's actions.
    public var feed: AnyCasePath<SessionFeature.Action, FeedFeature.Action> { /SessionFeature.Action.feed }
    /// The catalogue's actions.
    public var catalog: AnyCasePath<SessionFeature.Action, CatalogFeature.Action> { /SessionFeature.Action.catalog }
  }

  /// The case paths of ``SessionFeature/Action``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
