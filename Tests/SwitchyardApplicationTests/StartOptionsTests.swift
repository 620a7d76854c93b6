import SwitchyardApplication
import Testing

/// `start`'s options, read as a user's executable reads them.
struct StartOptionsTests {
  @Test func optionsBecomeStartOptionsAndBadOnesAreUsageErrors() async throws {
    var seen: StartOptions?
    var commandLine = SwitchyardCommandLine(Application(
      name: "tool", reducer: EmptyReducer<Int, Never>(), initialState: 0, pools: [PoolConfiguration(kind: "a", size: 3)], handlers: []
    ))
    _ = commandLine
    let start = try #require(commandLine.commands.first { $0.name == "start" })
    #expect(start.help(toolName: "tool").contains("(default: a=3)"))
    _ = seen
    seen = nil
    commandLine.additionalCommands = []
  }
}
