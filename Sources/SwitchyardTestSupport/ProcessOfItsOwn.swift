import Foundation
import Testing

/// Tests that run in a process of their own: this test binary again, running that one test.
///
/// For tests that hold the main actor for seconds (a benchmark's stores, a coordinator reading a
/// flood of frames): in the test process every suite's in-process store shares one main actor,
/// whose jobs run on the same two cooperative threads as every other test.
public enum ProcessOfItsOwn {
  /// Set in the child to the name of the test it runs.
  static let variable = "SWITCHYARD_TEST_IN_A_PROCESS_OF_ITS_OWN"

  /// A trait that runs the test (the function named `test`) only in the child that
  /// ``expectPasses(_:within:sourceLocation:)`` starts for it.
  public static func only(_ test: String) -> ConditionTrait {
    .enabled(
      if: ProcessInfo.processInfo.environment[variable] == test,
      Comment(rawValue: "runs only in a process of its own, started by the test beside it")
    )
  }

  /// Runs the test function named `test` in a child process within `seconds`, and records an
  /// issue, with the child's output, unless it ran and passed; returns what the child printed,
  /// for a test that reads figures its child measured.
  @discardableResult
  public static func expectPasses(
    _ test: String,
    within seconds: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> CommandResult {
    let child = try await runToExit(
      ["--testing-library", "swift-testing", "--filter", test],
      environment: [variable: test],
      executable: CommandLine.arguments[0],
      within: seconds
    )
    // Swift Testing reports on standard error; exit status 0 alone would also mean no test ran.
    let report = child.errorOutput + child.output
    let ran = report.contains("Test \(test)() passed after")
    #expect(
      child.status == 0 && ran,
      "\(test) in a process of its own exited \(child.status):\n\(report.suffix(6_000))",
      sourceLocation: sourceLocation
    )
    return child
  }
}
