import ComposableArchitecture
import SwitchyardTestSupport
import Testing
import SwitchyardDiagnostics
@testable import SwitchyardRuntime

/// The outcome counts and latencies `switchyard status` and `switchyard load` read.
@MainActor
@Suite(.serialized)
struct StatusMetricsTests {
  @Test func everyStartedEffectEndsAsExactlyOneOfCompletedFailedOrCancelled() async throws {
    // Pings a second apart: a worker slow to answer one on a busy machine is not set aside, so
    // every run here reaches it.
    let pool = testPool(size: 1, maxInFlightPerWorker: 2, maxQueued: 1, heartbeatInterval: .seconds(1))
    try await withCoordinator(pool: pool) { coordinator in
      let slow = ProbeJob(tag: "slow", outputs: 1, intervalMillis: 10_000)
      coordinator.store.send(.start(name: "done", job: ProbeJob(tag: "done", outputs: 2), cancelInFlight: false))
      try await coordinator.waitForRun("done") { $0.outcome != .running }
      // Not retryable: a retryable timeout would be retried, and this counts one attempt.
      let timeout = ProbeJob(tag: "timeout", outputs: 1, intervalMillis: 10_000, retryable: false, timeoutMillis: 100)
      coordinator.store.send(.start(name: "timeout", job: timeout, cancelInFlight: false))
      #expect(try await coordinator.waitForRun("timeout") { $0.outcome != .running }.failure?.code == .timeout)
      // One at a time: effects start in tasks, whose order is not the order they were sent in.
      for name in ["slow1", "slow2"] { coordinator.store.send(.start(name: name, job: slow, cancelInFlight: false)) }
      try await eventually("two running") { coordinator.probePool.busy == 2 }
      coordinator.store.send(.start(name: "queued", job: slow, cancelInFlight: false))
      try await eventually("one queued") { coordinator.probePool.queued == 1 }
      coordinator.store.send(.start(name: "refused", job: slow, cancelInFlight: false))
      #expect(try await coordinator.waitForRun("refused") { $0.outcome != .running }.failure?.code == .overloaded)
      // The queued one first: a cancel ends its effect at once, so a freed slot would take it.
      for name in ["queued", "slow1", "slow2"] { coordinator.store.send(.cancel(name: name)) }
      try await eventually("the cancels to reach the runtime") { coordinator.probePool.cancelled == 3 }

      let status = coordinator.probePool
      #expect(status.started == 6)
      #expect(status.completed == 1)
      #expect(status.failed == 2)
      #expect(status.started == status.completed + status.failed + status.cancelled)
      #expect(status.busy == 0 && status.queued == 0)
      #expect(status.latencyP50Micros > 0)
      #expect(status.latencyP50Micros <= status.latencyP90Micros)
      #expect(status.latencyP99Micros <= status.latencyMaxMicros)

      let worker = try #require(coordinator.status().workers.first)
      // The refusal never reached a worker; the timeout ended on one.
      #expect(worker.completed == 1)
      #expect(worker.failed == 1)
      // Four runs reached the worker: the queued one was cancelled before it got a slot.
      try await eventually("a heartbeat's counters") {
        coordinator.status().workers.first?.counters["runsReceived"] == 4
      }
    }
  }
}
