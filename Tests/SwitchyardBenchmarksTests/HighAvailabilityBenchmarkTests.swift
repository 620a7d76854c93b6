import Foundation
import SwitchyardRuntime
import SwitchyardTestSupport
import Testing
@testable import SwitchyardBenchmarks

/// The `ha.` cases in quick mode against a real redis-server and the built `switchyard`: each
/// measures something, in a process of its own (its coordinators' leases must not wait on a main
/// actor every other suite shares).
@Suite(.timeLimit(.minutes(3)), TestPeer.redisServer.trait) struct HighAvailabilityBenchmarkTests {
  @Test func haCasesRunInQuickMode() async throws {
    try await ProcessOfItsOwn.expectPasses("haCasesRunInQuickModeAlone", within: 170)
  }

  @Test(ProcessOfItsOwn.only("haCasesRunInQuickModeAlone"))
  func haCasesRunInQuickModeAlone() async throws {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let executable = testBinary.deletingLastPathComponent().appendingPathComponent("switchyard").path
    let launch = WorkerLaunch(executable: executable) { ["worker", $0.rawValue] }
    let suite = BenchmarkSuite.all(workerLaunch: launch).filtered(by: "ha.")
    #expect(suite.cases.map(\.name) == ["ha.journal.always.16-appenders", "ha.failover"])
    let report = await suite.run(mode: .quick)
    for result in report.results {
      #expect(result.failure == nil, "\(result.name): \(result.failure ?? "")")
      let value = result.measurement?.value ?? .nan
      #expect(value.isFinite && value > 0, "\(result.name) measured \(value)")
    }
  }
}
