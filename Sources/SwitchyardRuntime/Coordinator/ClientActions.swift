/// Which of a feature's actions a coordinator takes from its clients — `send`, the inspector's
/// send box, `load` — rather than only from its own effects and start actions.
///
/// An effect's output (a search response, a loaded page) is the coordinator's to make: a client
/// that sends one forges it, with values the reducer never expected. Declare the actions a user
/// may cause, and the coordinator refuses every other one before it reaches the reducer:
///
/// ```swift
/// ClientActions<AppFeature.Action> { action in
///   switch action {
///   case .sessionOpened, .sessionClosed: true
///   case let .sessions(.element(_, action)): action.is(\.search.searchQueryChanged)
///   }
/// }
/// ```
public struct ClientActions<Action>: Sendable {
  private let accepts: @Sendable (Action) -> Bool

  /// Takes from clients the actions `accepts` returns `true` for.
  public init(_ accepts: @escaping @Sendable (Action) -> Bool) {
    self.accepts = accepts
  }

  /// Every action, as before applications could say otherwise.
  public static var all: Self {
    Self { _ in true }
  }

  /// Whether a client may send `action`.
  public func accepts(_ action: Action) -> Bool {
    accepts(action)
  }
}
