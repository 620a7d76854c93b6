import SwitchyardRuntime
import SwitchyardWorkers

/// What `switchyard start --demo` runs: the application's first state, the actions that bring it
/// to life, and the worker pools its effects need.
public struct DemoApplication: Sendable {
  /// The session the demo opens at start.
  public static let firstSessionID = "1"

  /// Two search workers, so sessions spread over them; one feed listener; two page fetchers.
  public static let pools = [
    PoolConfiguration(kind: SearchJob.kind, size: 2),
    PoolConfiguration(kind: FeedJob.kind, size: 1),
    PoolConfiguration(kind: PageJob.kind, size: 2),
  ]

  /// The state the coordinator starts from: no sessions yet.
  public var initialState: AppFeature.State
  /// Sent once the coordinator is up: open one session, connect its feed and load its first page
  /// (on a restart, resume what the last coordinator suspended instead), and start closing
  /// sessions no user acts in.
  public var startActions: [AppFeature.Action]
  /// Sent when the coordinator is asked to stop: suspend the feed listeners and page loads, so a
  /// clean restart has nothing in flight to warn about, and loads nothing twice.
  public var stopActions: [AppFeature.Action]

  /// The demo talking to the upstream service at `upstream`.
  public init(upstream: UpstreamEndpoints) {
    self.initialState = AppFeature.State(upstream: upstream)
    self.startActions = [.started(firstSessionID: Self.firstSessionID), .idleChecksStarted]
    self.stopActions = [.stopping]
  }
}
