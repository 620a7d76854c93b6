/// Another thing `start` can run instead of the application, chosen by a flag — as
/// `switchyard start --demo` runs the demo.
///
/// Its handlers join the application's in `worker`, since the coordinator it starts spawns its
/// workers from the same executable.
public struct StartMode: Sendable {
  /// The flag that selects it, such as `.flag("--demo", help: "Run the demo.")`.
  public var flag: CommandOption
  /// The handlers its pools need.
  public var handlers: [any JobHandler]
  /// How `history` replays the data directories it writes, when it journals another application.
  public var history: HistoryReplay?
  /// Runs it until SIGINT or SIGTERM, usually through ``Application/runCoordinator(_:)``, and
  /// returns the exit status.
  public var run: @MainActor @Sendable (StartOptions) async throws -> Int32

  /// Creates a start mode.
  public init(
    flag: CommandOption,
    handlers: [any JobHandler],
    history: HistoryReplay? = nil,
    run: @escaping @MainActor @Sendable (StartOptions) async throws -> Int32
  ) {
    self.flag = flag
    self.handlers = handlers
    self.history = history
    self.run = run
  }
}
