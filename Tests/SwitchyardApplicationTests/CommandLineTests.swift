import SwitchyardDiagnostics
@testable import SwitchyardApplication
import Testing

/// The command line an ``Application`` gets, read without starting anything.
@MainActor
struct CommandLineTests {
  struct Counter: Reducer {
    struct State: Codable, Equatable { var count = 0 }
    enum Action: Codable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  let application = Application(
    name: "counter",
    reducer: Counter(),
    initialState: Counter.State(),
    pools: [PoolConfiguration(kind: "tally", size: 3), PoolConfiguration(kind: "echo", size: 1)],
    handlers: [ProbeHandler()]
  )

  @Test func anApplicationGetsEveryCommandUnderItsOwnName() {
    let commandLine = SwitchyardCommandLine(application)
    #expect(commandLine.commands.map(\.name) == ["start", "status", "send", "scale", "load", "worker", "history", "verify", "backup", "package"])
    let start = commandLine.commands[0].help(toolName: commandLine.name)
    #expect(start.contains("USAGE: counter start [--pools KIND=N,…] [--run-dir DIR] [--grace-ms N] [--parent PID]"))
    #expect(start.contains("(default: tally=3,echo=1)"))
    #expect(commandLine.commands[3].help(toolName: "counter").contains("counter scale tally=4"))
    #expect(commandLine.commands[5].help(toolName: "counter").contains("The job kind to serve: probe."))
  }

  @Test func addedCommandsModesAndScenariosJoinTheApplicationsOwn() {
    var commandLine = SwitchyardCommandLine(application)
    commandLine.additionalCommands = [Command(name: "hello", abstract: "Say hello.") { _ in 0 }]
    commandLine.startModes = [StartMode(flag: .flag("--other", help: "Run another."), handlers: []) { _ in 7 }]
    commandLine.loadScenarios = [ProbeScenario.cpuBound()]
    #expect(commandLine.commands.map(\.name).last == "hello")
    #expect(commandLine.commands[0].help(toolName: "counter").contains("[--other]"))
    #expect(commandLine.commands[4].help(toolName: "counter").contains("cpu      like probe"))
  }

  @Test func startOptionsAreReadInOnePlace() throws {
    let start = SwitchyardCommandLine(application).commands[0]
    let options = try StartCommand.options(
      start.parse(["--pools", "tally=2", "--run-dir", "/tmp/x", "--grace-ms", "250", "--parent", "42"])
    )
    #expect(options.runDirectory == "/tmp/x")
    #expect(options.pools == [PoolConfiguration(kind: "tally", size: 2)])
    #expect(options.shutdownGrace == .milliseconds(250))
    #expect(options.parent == 42)
    let defaults = try StartCommand.options(start.parse([]))
    #expect(defaults.pools.isEmpty && defaults.parent == nil && defaults.runDirectory == ".switchyard")
    #expect(throws: UsageError.invalidValue(name: "--grace-ms", value: "-1", expected: "milliseconds ≥ 0")) {
      try StartCommand.options(start.parse(["--grace-ms", "-1"]))
    }
    #expect(defaults.slowReduction == .milliseconds(100))
    #expect(try StartCommand.options(start.parse(["--slow-reduction-ms", "25"])).slowReduction == .milliseconds(25))
    #expect(try StartCommand.options(start.parse(["--slow-reduction-ms", "0"])).slowReduction == nil)
    #expect(throws: UsageError.invalidValue(name: "--slow-reduction-ms", value: "-5", expected: "milliseconds from 0 (never) to 86400000")) {
      try StartCommand.options(start.parse(["--slow-reduction-ms", "-5"]))
    }
  }

  @Test func startJournalsIntoTheRunDirectoryUnlessToldOtherwise() throws {
    let start = SwitchyardCommandLine(application).commands[0]
    let defaults = try StartCommand.options(start.parse(["--run-dir", "/tmp/x"]))
    #expect(defaults.journals && !defaults.repair)
    #expect(defaults.resolvedDataDirectory == "/tmp/x/data")
    #expect(defaults.durability == .batch(maxDelay: .milliseconds(10)))
    #expect(defaults.snapshotPolicy == SnapshotPolicy())
    let options = try StartCommand.options(
      start.parse([
        "--data-dir", "/var/lib/counter", "--fsync", "always", "--snapshot-every", "500", "--snapshot-seconds", "5",
        "--snapshots-kept", "3", "--repair", "--no-journal",
      ])
    )
    #expect(options.resolvedDataDirectory == "/var/lib/counter")
    #expect(options.durability == .always && options.repair && !options.journals && options.snapshotsKept == 3)
    #expect(options.snapshotPolicy == SnapshotPolicy(everyActions: 500, every: .seconds(5)))
    #expect(throws: UsageError.invalidValue(name: "--fsync", value: "sometimes", expected: "always, batch or off")) {
      try StartCommand.options(start.parse(["--fsync", "sometimes"]))
    }
    #expect(start.help(toolName: "counter").contains("at most 10 ms of acknowledged actions at risk"))
  }

  @Test func historyRetentionSegmentsAndTheSnapshotAfterReplayAreStartOptions() throws {
    let start = SwitchyardCommandLine(application).commands[0]
    let defaults = try StartCommand.options(start.parse([]))
    #expect(defaults.historyRetention == HistoryRetention(maximumAge: .seconds(7 * 86_400), maximumBytes: 1 << 30))
    #expect(defaults.segmentSize == 64 << 20 && defaults.snapshotPolicy.afterReplaying == 1_000)
    let options = try StartCommand.options(
      start.parse([
        "--history-retention", "12h", "--history-max-size", "512MiB", "--segment-size", "1KiB", "--snapshot-after-replay", "0",
      ])
    )
    #expect(options.historyRetention == HistoryRetention(maximumAge: .seconds(12 * 3_600), maximumBytes: 512 << 20))
    #expect(options.segmentSize == 1_024 && options.snapshotPolicy.afterReplaying == nil)
    let unbounded = try StartCommand.options(start.parse(["--history-retention", "forever", "--history-max-size", "unlimited"]))
    #expect(unbounded.historyRetention == HistoryRetention(maximumAge: nil, maximumBytes: nil))
    #expect(throws: UsageError.self) { try StartCommand.options(start.parse(["--history-retention", "7 days"])) }
    #expect(throws: UsageError.self) { try StartCommand.options(start.parse(["--segment-size", "unlimited"])) }
    #expect(throws: UsageError.self) { try StartCommand.options(start.parse(["--snapshot-after-replay", "-1"])) }
  }

  @Test func aModeRunsInsteadOfTheApplicationAndTwoModesAreAUsageError() async {
    var commandLine = SwitchyardCommandLine(application)
    commandLine.startModes = [
      StartMode(flag: .flag("--seven", help: "Exit 7."), handlers: []) { _ in 7 },
      StartMode(flag: .flag("--eight", help: "Exit 8."), handlers: []) { _ in 8 },
    ]
    #expect(await commandLine.run(["start", "--seven"]) == 7)
    #expect(await commandLine.run(["start", "--seven", "--eight"]) == 2)
  }

  @Test func loadWithoutScenariosIsAUsageError() async {
    let commandLine = SwitchyardCommandLine(application)
    #expect(await commandLine.run(["load"]) == 2)
    #expect(await commandLine.run(["--version"]) == 0)
  }
}
