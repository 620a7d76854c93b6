import Testing
@testable import SwitchyardCLI

struct CommandParsingTests {
  let command = Command(
    name: "demo",
    abstract: "A command to parse against.",
    arguments: [
      CommandArgument("FIRST", help: "Required."),
      CommandArgument("REST", optional: true, repeatable: true, help: "Any more."),
    ],
    options: [
      .flag("--json", help: "A flag."),
      .value("--run-dir", "DIR", help: "A value."),
      .value("--tag", "TAG", repeatable: true, help: "Repeatable."),
      CommandOption("--watch", value: .optional(name: "SECONDS", fallback: "2"), help: "Optional value."),
      CommandOption("--verbose", aliases: ["-v"], help: "With an alias."),
    ],
    examples: ["demo one two --json"],
    run: { _ in 0 }
  )

  @Test func optionsWithAndWithoutValuesAndPositionalsInAnyOrder() throws {
    let parsed = try command.parse(["one", "--json", "--run-dir", "/tmp/x", "two", "--tag=a", "--tag", "b", "-v", "three"])
    #expect(parsed.flag("--json"))
    #expect(parsed.flag("--verbose"))
    #expect(!parsed.flag("--watch"))
    #expect(parsed.value("--run-dir") == "/tmp/x")
    #expect(parsed.values("--tag") == ["a", "b"])
    #expect(parsed.argument("FIRST") == "one")
    #expect(parsed.arguments("REST") == ["two", "three"])
  }

  @Test func anOptionalValueIsTakenOnlyWhenOneFollows() throws {
    #expect(try command.parse(["x", "--watch"]).value("--watch") == "2")
    #expect(try command.parse(["--watch", "--json", "x"]).value("--watch") == "2")
    #expect(try command.parse(["x", "--watch", "5"]).value("--watch") == "5")
    #expect(try command.parse(["x", "--watch=0.5"]).value("--watch", as: Double.self) == 0.5)
  }

  @Test func doubleDashEndsOptionsAndNegativeNumbersArePositional() throws {
    let parsed = try command.parse(["--", "--json", "-3"])
    #expect(!parsed.flag("--json"))
    #expect(parsed.argument("FIRST") == "--json")
    #expect(parsed.arguments("REST") == ["-3"])
  }

  @Test func everyMistakeIsATypedUsageError() {
    #expect(throws: UsageError.unknownOption("--nope")) { try command.parse(["x", "--nope"]) }
    #expect(throws: UsageError.missingValue(option: "--run-dir", valueName: "DIR")) { try command.parse(["x", "--run-dir"]) }
    #expect(throws: UsageError.missingValue(option: "--run-dir", valueName: "DIR")) {
      try command.parse(["x", "--run-dir", "--json"])
    }
    #expect(throws: UsageError.unexpectedValue(option: "--json")) { try command.parse(["x", "--json=yes"]) }
    #expect(throws: UsageError.repeatedOption("--run-dir")) { try command.parse(["x", "--run-dir", "a", "--run-dir", "b"]) }
    #expect(throws: UsageError.missingArgument("FIRST")) { try command.parse(["--json"]) }
    #expect(throws: UsageError.invalidValue(name: "--watch", value: "soon", expected: "a number")) {
      try command.parse(["x", "--watch=soon"]).value("--watch", as: Double.self)
    }
  }

  @Test func extraPositionalsAreRefusedWhenNothingRepeats() {
    let single = Command(name: "one", abstract: "", arguments: [CommandArgument("A", help: "")], run: { _ in 0 })
    #expect(throws: UsageError.unexpectedArgument("b")) { try single.parse(["a", "b"]) }
  }

  @Test func helpIsAskedForBeforeDoubleDashOnly() {
    #expect(Command.asksForHelp(["x", "--help"]))
    #expect(Command.asksForHelp(["-h"]))
    #expect(!Command.asksForHelp(["--", "--help"]))
  }

  @Test func theUsageLineAndHelpComeFromTheDeclaration() {
    // Wrapped so that, printed after "usage: ", no line passes 100 columns and each continues
    // under the first option.
    #expect(command.usageLine(toolName: "tool") == """
      tool demo [--json] [--run-dir DIR] [--tag TAG] [--watch [SECONDS]] [--verbose] FIRST
                       [REST [REST …]]
      """)
    let help = command.help(toolName: "tool")
    #expect(help.contains("OVERVIEW: A command to parse against."))
    #expect(help.contains("  -v, --verbose      With an alias."))
    #expect(help.contains("  -h, --help         Show this help."))
    #expect(help.contains("EXAMPLES:\n  demo one two --json"))
  }

  @Test func poolSizesReadAsKindEqualsCount() throws {
    #expect(try PoolSize.list(parsing: "probe=2,search=0", argument: "--pools")
      == [PoolSize(kind: "probe", size: 2), PoolSize(kind: "search", size: 0)])
    for bad in ["probe", "probe=-1", "=2", "probe=two", "a=1=2"] {
      #expect(throws: UsageError.self) { try PoolSize(parsing: bad, argument: "KIND=N") }
    }
  }
}
