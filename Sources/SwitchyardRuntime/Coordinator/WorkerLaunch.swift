/// How the coordinator starts a worker process for a kind of job.
public struct WorkerLaunch: Sendable {
  /// The absolute path of the executable.
  public var executable: String
  /// The arguments (without the program name) that start a worker of a kind.
  public var arguments: @Sendable (JobKind) -> [String]

  /// Creates a launch description.
  public init(executable: String, arguments: @escaping @Sendable (JobKind) -> [String]) {
    self.executable = executable
    self.arguments = arguments
  }

  /// `switchyard worker <kind>` with the executable of this process: the coordinator and its
  /// workers are the same binary.
  public static var sameExecutable: WorkerLaunch {
    WorkerLaunch(executable: currentExecutablePath()) { ["worker", $0.rawValue] }
  }
}
