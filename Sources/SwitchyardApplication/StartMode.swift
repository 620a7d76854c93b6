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
  /// Runs it until SIGINT or SIGTERM, usually through ``Application/runCoordinator(_:)``, and
  /// returns the exit status.
  public var run: @MainActor @Sendable (StartOptions) async throws -> Int32

  /// Creates a start mode.
  public init(
    flag: CommandOption,
    handlers: [any JobHandler],
    run: @escaping @MainActor @Sendable (StartOptions) async throws -> Int32
  ) {
    self.flag = flag
    self.handlers = handlers
    self.run = run
  }
}
