import ComposableArchitecture
import Foundation
import SwitchyardDemo
import SwitchyardDiagnostics
import SwitchyardRuntime

/// What a coordinator holds in memory: the demo application with 10,000 sessions open.
enum MemoryBenchmarks {
  static var cases: [BenchmarkCase] {
    [demoSessions]
  }

  static let demoSessions = BenchmarkCase(
    name: "memory.coordinator.10k-sessions",
    summary: "resident set with a coordinator running the demo app with 10,000 open sessions",
    target: .atMostBytes(64 * 1_048_576)
  ) { _ in
    let sessions = 10_000
    let before = ResidentMemory.currentBytes() ?? 0
    let upstream = UpstreamEndpoints(port: 8_080)
    // Built as initial state rather than by 10,000 `sessionOpened` actions: each of those changes
    // the sessions' ids, which costs `forEach` a pass over all of them — not what is measured here.
    let coordinator = Coordinator(
      configuration: CoordinatorConfiguration(pools: [], servesControlSocket: false, log: { _ in }),
      initialState: AppFeature.State(
        upstream: upstream,
        sessions: IdentifiedArray(uniqueElements: (0..<sessions).map { SessionFeature.State(id: "session-\($0)", upstream: upstream) })
      ),
      reducer: AppFeature()
    )
    guard coordinator.store.sessions.count == sessions, let after = ResidentMemory.currentBytes() else {
      throw MemoryBenchmarkError.sessionsNotOpened(coordinator.store.sessions.count)
    }
    let perSession = Double(after - before) / Double(sessions)
    return BenchmarkMeasurement(
      value: Double(after),
      unit: .bytes,
      note: "this whole process, bench included; the sessions added "
        + BenchmarkUnit.bytes.format(Double(after - before)) + " (\(Int(perSession)) B each)"
    )
  }
}
