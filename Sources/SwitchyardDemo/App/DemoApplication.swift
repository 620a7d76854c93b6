/// What `switchyard start --demo` runs: the application's first state and the actions that bring
/// it to life.
public struct DemoApplication: Sendable {
  /// The session the demo opens at start.
  public static let firstSessionID = "1"

  /// The state the coordinator starts from: no sessions yet.
  public var initialState: AppFeature.State
  /// Sent once the coordinator is up: open one session, connect its feed, load its first page.
  public var startActions: [AppFeature.Action]

  /// The demo talking to the upstream service at `upstream`.
  public init(upstream: UpstreamEndpoints) {
    let session = Self.firstSessionID
    self.initialState = AppFeature.State(upstream: upstream)
    self.startActions = [
      .sessionOpened(id: session),
      .sessions(.element(id: session, action: .feed(.connectWebSocket))),
      .sessions(.element(id: session, action: .catalog(.loadNextPage))),
    ]
  }
}
