import SwitchyardTestSupport
import Testing
@testable import SwitchyardBenchmarks

/// The Redis transport's cases, in quick mode against the `redis-server` they start: each one
/// measures something, or (without redis-server) says how to install it. They run on the main
/// actor, so in a process of their own.
@Suite struct RedisBenchmarkTests {
  @Test func redisCasesRunInQuickMode() async throws {
    try await ProcessOfItsOwn.expectPasses("redisCasesRunInQuickModeAlone", within: 240)
  }

  @Test(ProcessOfItsOwn.only("redisCasesRunInQuickModeAlone"))
  func redisCasesRunInQuickModeAlone() async throws {
    let suite = BenchmarkSuite(cases: RedisBenchmarks.cases)
    #expect(suite.cases.map(\.name) == ["redis.round-trip", "redis.pipelined"])
    let report = await suite.run(mode: .quick)
    for result in report.results {
      #expect(result.failure == nil, "\(result.name): \(result.failure ?? "")")
      #expect(result.measurement.map { $0.value.isFinite && $0.value > 0 } == true)
    }
  }
}
