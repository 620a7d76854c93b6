import ComposableArchitecture
import Foundation
import Testing
import SwitchyardDiagnostics
import SwitchyardTestSupport
@testable import SwitchyardRuntime

/// Effects with an affinity key, through real worker processes.
@MainActor
@Suite(.serialized)
struct AffinityTests {
  @Test func runsWithTheSameKeyShareAWorkerAndMoveTogetherWhenItDies() async throws {
    try await withCoordinator(pool: testPool(size: 2)) { coordinator in
      // Running until cancelled at the end: the key stays bound while they run. Ten seconds of
      // outputs ended, in a loaded CI run, before the pool was back to size, and "d" then went to
      // whichever worker was free.
      let streaming = { (tag: String, key: String?) in
        ProbeJob(tag: tag, outputs: 100_000, intervalMillis: 10, timeoutMillis: nil, affinity: key)
      }
      coordinator.store.send(.start(name: "a", job: streaming("a", "session-1"), cancelInFlight: false))
      let home = try #require(try await coordinator.waitForRun("a") { !$0.workerPIDs.isEmpty }.workerPIDs.first)
      // The other worker is idle, so without the key "b" would run there.
      coordinator.store.send(.start(name: "b", job: streaming("b", "session-1"), cancelInFlight: false))
      coordinator.store.send(.start(name: "c", job: streaming("c", nil), cancelInFlight: false))
      let b = try await coordinator.waitForRun("b") { !$0.workerPIDs.isEmpty }
      let c = try await coordinator.waitForRun("c") { !$0.workerPIDs.isEmpty }
      #expect(b.workerPIDs == [home])
      #expect(c.workerPIDs.first != home)

      kill(home, SIGKILL)
      let runs = [
        try await coordinator.waitForRun("a") { $0.workerPIDs.count == 2 },
        try await coordinator.waitForRun("b") { $0.workerPIDs.count == 2 },
      ]
      let newHome = try #require(runs[0].workerPIDs.last)
      #expect(newHome != home)
      #expect(runs[1].workerPIDs.last == newHome)

      try await coordinator.waitUntilReady(2)
      coordinator.store.send(.start(name: "d", job: ProbeJob(tag: "d", affinity: "session-1"), cancelInFlight: false))
      #expect(try await coordinator.waitForRun("d") { $0.outcome != .running }.workerPIDs == [newHome])
      for name in ["a", "b", "c"] { coordinator.store.send(.cancel(name: name)) }
    }
  }
}
