import ComposableArchitecture

/// The demo application: any number of ``SessionFeature`` sessions, opened and closed by action.
///
/// It is what `switchyard start --demo` runs in the coordinator; its effects run in the `search`,
/// `websocket` and `pagination` worker pools.
///
/// A session no user acts in for ten minutes is closed, as a web application's session expires:
/// a client that went away without closing its sessions (a `load` run killed, a browser gone)
/// would otherwise keep their feed listeners, and the `websocket` worker's slots, for ever.
public struct AppFeature: Reducer {
  /// How often sessions are checked for idleness.
  public static let idleCheckInterval = Duration.seconds(60)
  /// How many checks in a row a session may be found idle before it is closed: ten minutes.
  public static let idleChecksBeforeClosing = 10

  /// The open sessions and the upstream service they talk to.
  public struct State: Codable, Equatable, Sendable {
    /// Where new sessions fetch their feed and catalogue from.
    public var upstream: UpstreamEndpoints
    /// The open sessions, in the order they were opened.
    public var sessions: IdentifiedArrayOf<SessionFeature.State> = []

    /// Creates an application with no sessions, talking to `upstream`.
    public init(upstream: UpstreamEndpoints, sessions: IdentifiedArrayOf<SessionFeature.State> = []) {
      self.upstream = upstream
      self.sessions = sessions
    }
  }

  /// What happens to the application's sessions.
  ///
  /// `switchyard send` takes an action as JSON. The path to a session's feature reads as nested
  /// keys (`sessions` → `element` with the session's `id` → the feature's name); the features'
  /// own actions are coded as Swift synthesises it for enums: the case name as the key, labelled
  /// values as an object, an unlabelled one as `_0`, none as `{}`. Opening session "1", then
  /// changing its query to "copper":
  ///
  /// ```json
  /// {"sessionOpened":{"id":"1"}}
  /// {"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"copper"}}}}}
  /// ```
  ///
  /// and its next catalogue page: `{"sessions":{"element":{"id":"1","action":{"catalog":{"loadNextPage":{}}}}}}`.
  public enum Action: Codable, Equatable, Sendable {
    /// Someone opened a session named `id`; a name already open is ignored.
    case sessionOpened(id: String)
    /// Someone closed the session named `id`; everything it was doing is cancelled.
    case sessionClosed(id: String)
    /// An action of one session.
    case sessions(IdentifiedActionOf<SessionFeature>)
    /// Sent at every start: opens session `firstSessionID`, connecting its feed and loading its first
    /// page, unless it is open; starts again the feed listeners and page loads the last coordinator
    /// suspended (``stopping``) or a crash stopped. A restart loads nothing the state already holds.
    case started(firstSessionID: String)
    /// Sent when the coordinator is asked to stop: suspends every feed listener and page load, so a
    /// clean stop leaves no effect in flight and ``started`` resumes them at the next start.
    case stopping
    /// Sent at every start: checks the sessions every ``AppFeature/idleCheckInterval`` from now on.
    case idleChecksStarted
    /// The idle timer fired: sessions idle for ``AppFeature/idleChecksBeforeClosing`` checks close.
    case idleCheck
  }

  private enum CancelID: Hashable, Sendable {
    case idleChecks
  }

  @Dependency(\.continuousClock) private var clock

  /// Creates the feature.
  public init() {}

  /// Opens and closes sessions, and runs each session's features.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .sessionOpened(id):
        guard state.sessions[id: id] == nil else { return .none }
        state.sessions.append(SessionFeature.State(id: id, upstream: state.upstream))
        return .none

      case let .sessionClosed(id):
        // Removing the element is enough: `forEach` cancels every effect the session started.
        state.sessions.remove(id: id)
        return .none

      case let .sessions(.element(id, _)):
        if action.isSentByUsers { state.sessions[id: id]?.idleChecks = nil }
        return .none

      case let .started(firstSessionID):
        var effects = state.sessions.flatMap { Self.resuming($0) }
        if state.sessions[id: firstSessionID] == nil {
          state.sessions.append(SessionFeature.State(id: firstSessionID, upstream: state.upstream))
          effects += [
            .send(.sessions(.element(id: firstSessionID, action: .feed(.connectWebSocket)))),
            .send(.sessions(.element(id: firstSessionID, action: .catalog(.loadNextPage)))),
          ]
        }
        return .merge(effects)

      case .stopping:
        return .merge(state.sessions.flatMap { Self.suspending($0) })

      case .idleChecksStarted:
        return .run { [clock] send in
          for await _ in clock.timer(interval: Self.idleCheckInterval) { await send(.idleCheck) }
        }
        .cancellable(id: CancelID.idleChecks, cancelInFlight: true)

      case .idleCheck:
        for index in state.sessions.indices {
          state.sessions[index].idleChecks = (state.sessions[index].idleChecks ?? 0) + 1
        }
        // Removing the element is enough, as for `sessionClosed`: `forEach` cancels its effects.
        state.sessions.removeAll { ($0.idleChecks ?? 0) >= Self.idleChecksBeforeClosing }
        return .none
      }
    }
    .forEach(\.sessions, action: \.sessions) { SessionFeature() }
  }

  /// What a start sends `session` to run again what its state says was running.
  private static func resuming(_ session: SessionFeature.State) -> [Effect<Action>] {
    var actions: [SessionFeature.Action] = []
    if session.feed.isListening { actions.append(.feed(.resume)) }
    if session.catalog.isLoadingPage { actions.append(.catalog(.resume)) }
    return actions.map { .send(.sessions(.element(id: session.id, action: $0))) }
  }

  /// What a stop sends `session` to end its long-lived effects, keeping in its state that they ran.
  private static func suspending(_ session: SessionFeature.State) -> [Effect<Action>] {
    var actions: [SessionFeature.Action] = []
    if session.feed.isListening { actions.append(.feed(.suspend)) }
    if session.catalog.isLoadingPage { actions.append(.catalog(.suspend)) }
    return actions.map { .send(.sessions(.element(id: session.id, action: $0))) }
  }
}

extension AppFeature.Action: CasePathable {
  /// The case paths of ``AppFeature/Action``: `\.sessions[id: "1"].search`.
  public struct AllCasePaths: Sendable {
    /// The ``AppFeature/Action/sessionOpened(id:)`` case.
    public var sessionOpened: AnyCasePath<AppFeature.Action, String> { /AppFeature.Action.sessionOpened }
    /// The ``AppFeature/Action/sessionClosed(id:)`` case.
    public var sessionClosed: AnyCasePath<AppFeature.Action, String> { /AppFeature.Action.sessionClosed }
    /// The sessions' actions.
    public var sessions: AnyCasePath<AppFeature.Action, IdentifiedActionOf<SessionFeature>> { /AppFeature.Action.sessions }
    /// The ``AppFeature/Action/started(firstSessionID:)`` case.
    public var started: AnyCasePath<AppFeature.Action, String> { /AppFeature.Action.started }
    /// The ``AppFeature/Action/stopping`` case.
    public var stopping: AnyCasePath<AppFeature.Action, Void> { /AppFeature.Action.stopping }
    /// The ``AppFeature/Action/idleChecksStarted`` case.
    public var idleChecksStarted: AnyCasePath<AppFeature.Action, Void> { /AppFeature.Action.idleChecksStarted }
    /// The ``AppFeature/Action/idleCheck`` case.
    public var idleCheck: AnyCasePath<AppFeature.Action, Void> { /AppFeature.Action.idleCheck }
  }

  /// The case paths of ``AppFeature/Action``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
