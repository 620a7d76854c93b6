import SwitchyardDiagnostics
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRuntime

/// Found by fuzzing the control socket's `send`s: a job's timeout is its sender's to choose, and
/// one of Int64.min milliseconds (`{"timeoutMillis":-9223372036854775808}`) stopped the coordinator
/// with an arithmetic overflow when the job was dispatched a millisecond or more after it began to
/// wait, behind a busy pool and before a tick timed it out: the `run`'s `deadlineMillis`, the
/// milliseconds left, multiplied past Int64. Its journal then replayed the same job at every
/// restart, so the coordinator could not be started again.
@MainActor
@Suite(.serialized)
struct ClientTimeoutOverflowTests {
  @Test func aJobWhoseTimeoutIsInt64MinDispatchedAfterWaitingDoesNotStopTheCoordinator() async throws {
    // One slot, and no tick for the test's length, so the job waits for the busy one to end and is
    // dispatched then, as a tick that came first would have timed it out.
    let pool = testPool(size: 1, maxInFlightPerWorker: 1)
    try await withCoordinator(pool: pool, tickInterval: .seconds(600)) { coordinator, _, _ in
      coordinator.store.send(.start(name: "busy", job: ProbeJob(tag: "busy", outputs: 1, intervalMillis: 50), cancelInFlight: false))
      coordinator.store.send(.start(name: "past", job: ProbeJob(tag: "past", timeoutMillis: .min), cancelInFlight: false))
      try await coordinator.waitForRun("past") { $0.outcome != .running }
      #expect(coordinator.probePool.health == "healthy")
    }
  }

  @Test func millisecondsPastInt64AreClamped() {
    #expect((Duration.milliseconds(Int64.min) - .milliseconds(1)).milliseconds == .min)
    #expect((Duration.milliseconds(Int64.max) + .seconds(1)).milliseconds == .max)
    #expect(Duration.milliseconds(-1_500).milliseconds == -1_500)
  }
}
