import Foundation
@testable import SwitchyardBenchmarks
import SwitchyardRuntime
import SwitchyardTestSupport
import Testing

/// `metrics.pipelined-overhead` runs against the `switchyard` built beside this test bundle and
/// yields a ratio; its speed is never asserted here. It runs in a process of its own: it holds
/// the main actor for seconds.
@MainActor
struct MetricsOverheadBenchmarkTests {
  @Test func theMetricsOverheadCaseRunsInQuickMode() async throws {
    try await ProcessOfItsOwn.expectPasses("theMetricsOverheadCaseRunsInQuickModeAlone", within: 240)
  }

  @Test(ProcessOfItsOwn.only("theMetricsOverheadCaseRunsInQuickModeAlone"))
  func theMetricsOverheadCaseRunsInQuickModeAlone() async throws {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let executable = testBinary.deletingLastPathComponent().appendingPathComponent("switchyard").path
    try #require(FileManager.default.isExecutableFile(atPath: executable))
    let launch = WorkerLaunch(executable: executable) { ["worker", $0.rawValue] }
    let suite = BenchmarkSuite.all(workerLaunch: launch).filtered(by: "metrics.")
    #expect(suite.cases.map(\.name) == ["metrics.pipelined-overhead"])
    let report = await suite.run(mode: .quick)
    let result = try #require(report.results.first)
    #expect(result.failure == nil, "\(result.failure ?? "")")
    let ratio = result.measurement?.value ?? .nan
    #expect(ratio.isFinite && ratio > 0, "measured \(ratio)")
    #expect(result.measurement?.note.contains("scrapes of") == true)
  }

  /// A window's place in its round (second windows 10 % faster here) cancels out over a pair of
  /// rounds, one of each order, leaving the overhead itself.
  @Test func thePairedMedianCancelsTheOrderOfTheWindows() {
    let order = 1.1
    let ratios = (0..<20).map { 1.02 * ($0.isMultiple(of: 2) ? order : 1 / order) }
    #expect(abs(MetricsOverheadBenchmarks.pairedMedian(ratios) - 1.02) < 1e-9)
    #expect(ratios.sorted()[ratios.count / 2] > 1.1, "the median of single rounds takes one order's side")
  }
}
