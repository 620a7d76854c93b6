import Testing
@testable import SwitchyardCLI

@MainActor
struct CommandLineToolTests {
  struct Broken: Error, CustomStringConvertible {
    var description: String { "it broke" }
  }

  let tool = CommandLineTool(
    name: "tool",
    version: "1.2.3",
    abstract: "A tool.",
    commands: [
      Command(name: "ok", abstract: "Succeeds.", options: [.value("--n", "N", help: "A number.")]) { arguments in
        Int32(try arguments.value("--n", as: Int.self) ?? 0)
      },
      Command(name: "fail", abstract: "Fails.") { _ in throw Broken() },
    ]
  )

  @Test func exitStatusesSaySuccessRuntimeErrorOrUsageError() async {
    #expect(await tool.run(["ok", "--n", "7"]) == 7)
    #expect(await tool.run(["ok", "--help"]) == 0)
    #expect(await tool.run(["--version"]) == 0)
    #expect(await tool.run([]) == 0)
    #expect(await tool.run(["fail"]) == 1)
    #expect(await tool.run(["nope"]) == 2)
    #expect(await tool.run(["ok", "--n"]) == 2)
    // A usage error found while running, such as a value of the wrong type, is still bad usage.
    #expect(await tool.run(["ok", "--n", "seven"]) == 2)
  }

  @Test func theToolsHelpListsItsCommands() {
    #expect(tool.help.contains("  ok          Succeeds.\n  fail        Fails.\n  completion  Print a shell completion script"))
  }
}
