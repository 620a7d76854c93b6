import Foundation
import Testing

/// Tests that run in a process of their own: this test binary again, running that one test or
/// suite.
///
/// For tests that hold the main actor for seconds (a benchmark's stores, a coordinator reading a
/// flood of frames): in the test process every suite's in-process store shares one main actor,
/// whose jobs run on the same two cooperative threads as every other test.
public enum ProcessOfItsOwn {
  /// Set in the child to the name of the test or suite it runs.
  static let variable = "SWITCHYARD_TEST_IN_A_PROCESS_OF_ITS_OWN"

  /// A trait that runs the test (the function named `name`), or the suite it marks (named `name`),
  /// only in the child that ``expectPasses(_:within:sourceLocation:)`` or
  /// ``expectSuitePasses(_:within:sourceLocation:)`` starts for it.
  public static func only(_ name: String) -> ConditionTrait {
    .enabled(
      if: ProcessInfo.processInfo.environment[variable] == name,
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
    try await expect("Test \(test)() passed after", running: test, within: seconds, sourceLocation: sourceLocation)
  }

  /// Runs the suite named `suite`, marked ``only(_:)`` with its name, in a child process within
  /// `seconds`, as ``expectPasses(_:within:sourceLocation:)`` runs one test.
  @discardableResult
  public static func expectSuitePasses(
    _ suite: String,
    within seconds: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> CommandResult {
    try await expect("Suite \(suite) passed after", running: suite, within: seconds, sourceLocation: sourceLocation)
  }

  private static func expect(
    _ passed: String, running name: String, within seconds: Double, sourceLocation: SourceLocation
  ) async throws -> CommandResult {
    let child = try await runToExit(
      ["--testing-library", "swift-testing", "--filter", name],
      environment: [variable: name],
      executable: CommandLine.arguments[0],
      within: seconds
    )
    // Swift Testing reports on standard error; exit status 0 alone would also mean no test ran.
    let report = child.errorOutput + child.output
    #expect(
      child.status == 0 && report.contains(passed),
      "\(name) in a process of its own exited \(child.status):\n\(report.suffix(6_000))",
      sourceLocation: sourceLocation
    )
    return child
  }
}
