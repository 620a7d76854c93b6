import SwitchyardBenchmarks
import SwitchyardApplication
import SwitchyardRuntime

/// `switchyard bench`: measures the store, case paths, codec, process boundary and memory against
/// their targets.
enum BenchCommand {
  static let command = Command(
    name: "bench",
    abstract: "Measure the store, codec, process boundary and memory against their targets.",
    discussion: """
      Measures every case in this run and prints each against its target with PASS or MISS.
      Build with -c release: debug numbers say nothing about targets. A MISS is reported, never
      enforced; the exit status is 1 only if a case failed to run.
      """,
    options: [
      .flag("--quick", help: "A short run of every case; checks only that each produced a number."),
      .flag("--json", help: "Print the report as JSON instead of a table."),
      .value("--filter", "NAME", help: "Run only the cases whose name contains NAME."),
    ],
    examples: [
      "swift run -c release switchyard bench",
      "switchyard bench --quick --filter codec",
    ],
    run: run
  )

  @MainActor
  private static func run(_ arguments: ParsedArguments) async throws -> Int32 {
    let filter = arguments.value("--filter")
    let suite = BenchmarkSuite.all(workerLaunch: .sameExecutable).filtered(by: filter)
    guard !suite.cases.isEmpty else { throw UsageError.conflict("no case matches '\(filter ?? "")'") }
    #if DEBUG
      StandardStream.error.write("warning: this is a debug build; run 'swift run -c release switchyard bench' for real numbers\n")
    #endif
    // Progress goes to stderr so stdout holds only the table or the JSON.
    let report = await suite.run(mode: arguments.flag("--quick") ? .quick : .full) { result in
      StandardStream.error.write("  \(result.name) \(result.verdict.rawValue)\n")
    }
    StandardStream.output.write(arguments.flag("--json") ? try report.json() : report.table())
    return report.everyCaseRan ? 0 : 1
  }
}
