import Foundation

/// The command line of a Switchyard application: `start`, `status`, `send`, `scale`, `load`,
/// `worker`, `history`, `verify`, `backup` and `package`, with help, `--version`, exit statuses (0 success, 1 failure, 2 bad usage) and a run
/// directory shared by every command.
///
/// Most executables are one call:
///
/// ```swift
/// await SwitchyardCommandLine.main(Application(name: "documents", reducer: Documents(), …))
/// ```
///
/// One that offers more — commands of its own, another application behind a `start` flag, more
/// load scenarios — changes the value before running it, as `switchyard` adds `upstream`, `bench`
/// and `start --demo`.
@MainActor
public struct SwitchyardCommandLine {
  /// The executable's name, as help and messages spell it.
  public var name: String
  /// Printed by `--version`.
  public var version: String
  /// One line under the name in the help.
  public var abstract: String
  /// Flags of `start` that run something else instead of the application.
  public var startModes: [StartMode] = []
  /// What `load --scenario` can run; the first is the default.
  public var loadScenarios: [any LoadScenario]
  /// Commands listed after the application's own.
  public var additionalCommands: [Command] = []

  private let application: AnyApplication

  /// The command line of `application`.
  public init<Feature>(_ application: Application<Feature>) {
    name = application.name
    version = application.version
    abstract = application.abstract
    loadScenarios = application.loadScenarios
    self.application = AnyApplication(application)
  }

  /// Every command, in the order the help lists them.
  public var commands: [Command] {
    let handlers = application.handlers + startModes.flatMap(\.handlers)
    let kinds = application.pools.map(\.kind.rawValue)
    return [
      StartCommand.command(
        toolName: name, defaultPools: application.pools, modes: startModes, workerKinds: handlers.map(\.kind.rawValue),
        runApplication: application.runCoordinator
      ),
      StatusCommand.command(toolName: name),
      SendCommand.command(toolName: name, examples: application.sendExamples),
      ScaleCommand.command(toolName: name, kinds: kinds),
      LoadCommand.command(toolName: name, version: version, scenarios: loadScenarios),
      WorkerCommand.command(toolName: name, version: version, handlers: handlers),
      HistoryCommand.command(toolName: name, replays: [application.history] + startModes.compactMap(\.history)),
      VerifyCommand.command(toolName: name, replays: [application.history] + startModes.compactMap(\.history)),
      BackupCommand.command(toolName: name),
      PackageCommand.command(toolName: name),
    ] + additionalCommands
  }

  /// Runs the command `arguments` name (the words after the executable) and returns its exit status.
  public func run(_ arguments: [String]) async -> Int32 {
    await CommandLineTool(name: name, version: version, abstract: abstract, commands: commands).run(arguments)
  }

  /// Runs the command on this process's command line and exits with its status; an argument that
  /// is not UTF-8 is refused rather than read with replacement characters.
  public func main() async -> Never {
    exit(await CommandLineTool(name: name, version: version, abstract: abstract, commands: commands).run())
  }

  /// Runs `application`'s command line on this process's arguments and exits with its status:
  /// the whole `main.swift` of most applications.
  public static func main<Feature>(_ application: Application<Feature>) async -> Never {
    await SwitchyardCommandLine(application).main()
  }
}
