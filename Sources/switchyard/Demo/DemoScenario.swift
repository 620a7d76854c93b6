import SwitchyardApplication
import SwitchyardDemo
import SwitchyardWire
import SwitchyardWorkers

/// Users of the demo application, each in its own session with its feed open: they type search
/// queries in bursts of keystrokes (each superseding the last, so only the final one is waited
/// for) and page through the catalogue, starting again from page 1 at its end.
public struct DemoScenario: LoadScenario {
  private enum PlannedStep {
    case keystroke(word: String, length: Int)
    case nextPage
  }

  /// The words users type, all in the search corpus, so searches find something.
  private static let words = ["copper", "walnut", "basket", "candle", "linen", "bench", "marble", "bottle"]

  /// The pause between keystrokes of a burst: a quick typist.
  public var keystrokeInterval: Duration
  private let plan: [PlannedStep]

  /// Creates the scenario.
  public init(keystrokeInterval: Duration = .milliseconds(40)) {
    self.keystrokeInterval = keystrokeInterval
    plan = Self.words.flatMap { word in
      (1...word.count).map { PlannedStep.keystroke(word: word, length: $0) } + [.nextPage]
    }
  }

  /// `demo`.
  public var name: String { "demo" }
  /// What each user does.
  public var summary: String {
    "each user opens a session and its feed, types searches, pages the catalogue ('start --demo')"
  }
  /// The demo's own pools.
  public var defaultPools: String {
    PoolSize.list(DemoApplication.pools.map { PoolSize(kind: $0.kind.rawValue, size: $0.size) })
  }
  /// `switchyard start --demo`.
  public var startArguments: [String] { ["--demo"] }

  /// Opens the user's session and its feed.
  public func setUpActions(user: String) -> [JSONValue] {
    [Self.json(.sessionOpened(id: user)), Self.json(.sessions(.element(id: user, action: .feed(.connectWebSocket))))]
  }

  /// The user's session, `sessions.id=<user>`.
  public func watchedPath(user: String, lookUp: (String) throws -> JSONValue) throws -> String {
    let sessions = try lookUp("sessions").arrayValue ?? []
    guard sessions.contains(where: { $0[dottedPath: "id"]?.stringValue == user }) else {
      throw DemoScenarioError.sessionMissing(user)
    }
    // By id, not index: other users close their sessions while this one waits for its last answer.
    return "sessions.id=\(user)"
  }

  /// The next keystroke of the current word, or the next catalogue page after a word.
  public func step(user: String, index: Int, slice: JSONValue) -> LoadStep {
    // Users start at different words, so they do not all search for the same thing at once.
    let offset = user.utf8.reduce(0) { $0 &+ Int($1) } % Self.words.count * 7
    switch plan[(index + offset) % plan.count] {
    case let .keystroke(word, length):
      let query = String(word.prefix(length))
      let action = Self.json(.sessions(.element(id: user, action: .search(.searchQueryChanged(query)))))
      guard length == word.count else {
        return LoadStep(action: action, kind: SearchJob.kind.rawValue, pause: keystrokeInterval)
      }
      return LoadStep(action: action, kind: SearchJob.kind.rawValue) { session in
        guard session[dottedPath: "search.query"]?.stringValue == query,
          session[dottedPath: "search.isSearching"]?.boolValue == false
        else { return nil }
        return Self.outcome(failure: session[dottedPath: "search.failure"])
      }
    case .nextPage:
      let hasMore = slice[dottedPath: "catalog.hasMorePages"]?.boolValue ?? true
      let page = hasMore ? slice[dottedPath: "catalog.currentPage"]?.int64Value ?? 0 : 0
      let action: CatalogFeature.Action = hasMore ? .loadNextPage : .refresh
      return LoadStep(action: Self.json(.sessions(.element(id: user, action: .catalog(action)))), kind: PageJob.kind.rawValue) {
        session in
        guard session[dottedPath: "catalog.isLoadingPage"]?.boolValue == false else { return nil }
        if let failure = session[dottedPath: "catalog.failure"], !failure.isNull { return Self.outcome(failure: failure) }
        return session[dottedPath: "catalog.currentPage"]?.int64Value == page + 1 ? .succeeded : nil
      }
    }
  }

  /// Closes the session, which cancels its feed and anything in flight.
  public func tearDownActions(user: String) -> [JSONValue] {
    [Self.json(.sessionClosed(id: user))]
  }

  private static func outcome(failure: JSONValue?) -> LoadStep.Outcome {
    guard let failure, !failure.isNull else { return .succeeded }
    return .failed(failure[dottedPath: "code"]?.stringValue ?? "failed")
  }

  private static func json(_ action: AppFeature.Action) -> JSONValue {
    // Every action here is built from plain strings; encoding cannot fail, and if it ever did the
    // coordinator would refuse the null and the load would count it.
    (try? WireJSONEncoder().encodeValue(action)) ?? .null
  }
}
