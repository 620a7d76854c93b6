import Foundation
import SwitchyardBenchmarks

/// `switchyard bench`: measures the store, case paths and codec against their targets.
///
/// Flag handling is deliberately minimal until the command line gets a real parser.
enum BenchCommand {
  static let usage = """
    USAGE: switchyard bench [--quick] [--json] [--filter NAME]

    Measures every case in this run and prints each against its target with PASS or MISS.
    Build with -c release: debug numbers say nothing about targets.

    OPTIONS:
      --quick          A short run of every case; checks only that each produced a number.
      --json           Print the report as JSON instead of a table.
      --filter NAME    Run only the cases whose name contains NAME.

    """

  /// Runs the command and returns the process's exit status: 1 if a case failed to run, 2 for
  /// bad usage. A MISS is not a failure: targets are reported, never enforced.
  @MainActor
  static func run(_ arguments: [String]) async -> Int32 {
    var mode = BenchmarkMode.full
    var json = false
    var filter: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": mode = .quick
      case "--json": json = true
      case "--filter":
        guard let name = remaining.popFirst() else { return fail("--filter needs a case name") }
        filter = name
      case "--help", "-h":
        print(usage, terminator: "")
        return 0
      default:
        return fail("unknown option '\(argument)'")
      }
    }
    let suite = BenchmarkSuite.inProcess.filtered(by: filter)
    guard !suite.cases.isEmpty else { return fail("no case matches '\(filter ?? "")'") }
    #if DEBUG
      printError("warning: this is a debug build; run 'swift run -c release switchyard bench' for real numbers")
    #endif
    // Progress goes to stderr so stdout holds only the table or the JSON.
    let report = await suite.run(mode: mode) { result in
      printError("  \(result.name) \(result.verdict.rawValue)")
    }
    do {
      print(json ? try report.json() : report.table(), terminator: "")
    } catch {
      printError("error: could not render the report: \(error)")
      return 1
    }
    return report.everyCaseRan ? 0 : 1
  }

  private static func fail(_ message: String) -> Int32 {
    printError("error: \(message)\n\(usage)")
    return 2
  }

  private static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
