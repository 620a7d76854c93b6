import SwitchyardRuntime

extension AppFeature.Action {
  /// Whether a user causes this action, so a client may send it: opening and closing sessions,
  /// typing a query, connecting the feed, paging the catalogue. Workers' answers (`searchResponse`,
  /// `pageLoaded`, the feed's events) and the idle checks come from the demo's own effects and
  /// start and stop actions only.
  public var isSentByUsers: Bool {
    switch self {
    case .sessionOpened, .sessionClosed:
      true
    case .started, .stopping, .idleChecksStarted, .idleCheck:
      false
    case let .sessions(.element(_, action)):
      switch action {
      case let .search(action): action.is(\.searchQueryChanged)
      case let .feed(action): action.is(\.connectWebSocket) || action.is(\.disconnectWebSocket)
      case let .catalog(action): action.is(\.loadNextPage) || action.is(\.refresh)
      }
    }
  }
}

extension ClientActions<AppFeature.Action> {
  /// The demo's: the actions users cause (``AppFeature/Action/isSentByUsers``).
  public static var demo: Self {
    Self { $0.isSentByUsers }
  }
}
