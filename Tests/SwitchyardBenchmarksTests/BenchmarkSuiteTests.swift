import Foundation
import SwitchyardBenchmarks
import SwitchyardDiagnostics
import SwitchyardRuntime
import SwitchyardTestSupport
import Testing

// Speed is never asserted here: a loaded CI machine would make such a test flaky. These tests
// only check that every case still runs and yields a usable number. The cases run on the main
// actor for seconds, so each runs in a process of its own.
@MainActor
struct BenchmarkSuiteTests {
  @Test func everyCaseRunsInQuickMode() async throws {
    try await ProcessOfItsOwn.expectPasses("everyCaseRunsInQuickModeAlone", within: 240)
  }

  @Test(ProcessOfItsOwn.only("everyCaseRunsInQuickModeAlone"))
  func everyCaseRunsInQuickModeAlone() async {
    let report = await BenchmarkSuite.inProcess.run(mode: .quick)
    #expect(report.results.count == BenchmarkSuite.inProcess.cases.count)
    for result in report.results {
      #expect(result.failure == nil, "\(result.name): \(result.failure ?? "")")
      let value = result.measurement?.value ?? .nan
      #expect(value.isFinite && value > 0, "\(result.name) measured \(value)")
    }
  }

  /// Process-boundary and memory cases, with the `switchyard` built beside this test bundle as the
  /// worker: every one measures something.
  @Test func processAndMemoryCasesRunInQuickMode() async throws {
    try await ProcessOfItsOwn.expectPasses("processAndMemoryCasesRunInQuickModeAlone", within: 240)
  }

  @Test(ProcessOfItsOwn.only("processAndMemoryCasesRunInQuickModeAlone"))
  func processAndMemoryCasesRunInQuickModeAlone() async throws {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let executable = testBinary.deletingLastPathComponent().appendingPathComponent("switchyard").path
    try #require(FileManager.default.isExecutableFile(atPath: executable))
    let launch = WorkerLaunch(executable: executable) { ["worker", $0.rawValue] }
    let suite = BenchmarkSuite(cases: BenchmarkSuite.all(workerLaunch: launch).cases.filter {
      $0.name.hasPrefix("process.") || $0.name.hasPrefix("memory.")
    })
    #expect(suite.cases.count == 5)
    let report = await suite.run(mode: .quick)
    for result in report.results {
      #expect(result.failure == nil, "\(result.name): \(result.failure ?? "")")
      let value = result.measurement?.value ?? .nan
      #expect(value.isFinite && value > 0, "\(result.name) measured \(value)")
    }
  }

  @Test func caseNamesAreUnique() {
    let names = BenchmarkSuite.all(workerLaunch: .sameExecutable).cases.map(\.name)
    #expect(Set(names).count == names.count)
  }

  @Test func filterKeepsMatchingCases() {
    let suite = BenchmarkSuite.inProcess.filtered(by: "codec.")
    #expect(!suite.cases.isEmpty)
    #expect(suite.cases.allSatisfy { $0.name.hasPrefix("codec.") })
  }

  @Test func residentMemoryIsReadable() throws {
    let bytes = try #require(ResidentMemory.currentBytes())
    #expect(bytes > 0)
  }
}
