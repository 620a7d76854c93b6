import ComposableArchitecture
import SwitchyardTestSupport
import Testing
import SwitchyardDiagnostics
@testable import SwitchyardRuntime

/// Remote effects through a coordinator in this process and real worker processes.
@MainActor
@Suite(.serialized)
struct CoordinatorRoundTripTests {
  @Test func outputsArriveAsActionsInOrder() async throws {
    try await withCoordinator { coordinator in
      coordinator.store.send(.start(name: "a", job: ProbeJob(tag: "t", outputs: 200), cancelInFlight: false))
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.outcome == .finished)
      #expect(run.outputs == Array(0..<200))
      #expect(run.staleEvents == 0)
      #expect(coordinator.probePool.completed == 1)
      #expect(coordinator.probePool.latencyP50Micros > 0)
    }
  }

  @Test func cancellationReachesTheWorkerAndLateOutputsNeverReachTheReducer() async throws {
    try await withCoordinator { coordinator in
      // A buggy worker keeps emitting after the cancel, past its own fence: only the coordinator's
      // fence stands between those outputs and the reducer.
      let job = ProbeJob(tag: "t", outputs: 100_000, intervalMillis: 2, behavior: .ignoreCancellation)
      coordinator.store.send(.start(name: "a", job: job, cancelInFlight: false))
      try await coordinator.waitForRun("a") { $0.outputs.count >= 5 }
      coordinator.store.send(.cancel(name: "a"))
      let outputsAtCancel = coordinator.store.runs["a"]!.outputs.count
      try await eventually("the worker to hear the cancel") {
        (coordinator.probePool.counters["cancelsReceived"] ?? 0) >= 1
      }
      try await eventually("outputs sent after the cancel to be dropped") { coordinator.runtime.effects.staleFrames >= 5 }
      #expect(coordinator.store.runs["a"]!.outputs.count == outputsAtCancel)
      #expect(coordinator.store.runs["a"]!.staleEvents == 0)
      #expect(coordinator.store.runs["a"]!.outcome == .cancelled)
    }
  }

  @Test func aBurstOfCancelInFlightRunsDeliversOnlyTheLastOnesResults() async throws {
    try await withCoordinator { coordinator in
      // Sent in one turn of the main actor: the superseded runs never leave the coordinator.
      for index in 0..<20 {
        let job = ProbeJob(tag: "t\(index)", outputs: 30, intervalMillis: 1)
        coordinator.store.send(.start(name: "a", job: job, cancelInFlight: true))
      }
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.tag == "t19")
      #expect(run.outcome == .finished)
      #expect(run.outputs == Array(0..<30))
      #expect(run.staleEvents == 0)
    }
  }

  @Test func runsSupersededWhileStreamingAreCancelledOnTheirWorkers() async throws {
    try await withCoordinator { coordinator in
      // Each run is replaced once its worker is streaming, with outputs already in the pipe. The
      // replaced runs stream for ten seconds, so that however long other suites hold the main
      // actor, none finishes before it is replaced; only the last runs to its end.
      for index in 0..<10 {
        let job = ProbeJob(tag: "t\(index)", outputs: index == 9 ? 50 : 1_000, intervalMillis: 10)
        coordinator.store.send(.start(name: "a", job: job, cancelInFlight: true))
        try await coordinator.waitForRun("a") { $0.tag == "t\(index)" && !$0.outputs.isEmpty }
      }
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.tag == "t9")
      #expect(run.outputs == Array(0..<50))
      #expect(run.staleEvents == 0)
      try await eventually("the superseded runs to be cancelled on their workers") {
        (coordinator.probePool.counters["cancelsReceived"] ?? 0) == 9
      }
    }
  }

  @Test func aFullQueueFailsTheEffectAsOverloaded() async throws {
    try await withCoordinator(pool: testPool(size: 1, maxInFlightPerWorker: 1, maxQueued: 1)) { coordinator in
      let slow = ProbeJob(tag: "slow", outputs: 1, intervalMillis: 10_000)
      coordinator.store.send(.start(name: "running", job: slow, cancelInFlight: false))
      try await eventually("the first run to start") { coordinator.probePool.busy == 1 }
      coordinator.store.send(.start(name: "queued", job: slow, cancelInFlight: false))
      try await eventually("the second run to queue") { coordinator.probePool.queued == 1 }
      coordinator.store.send(.start(name: "refused", job: slow, cancelInFlight: false))
      let refused = try await coordinator.waitForRun("refused") { $0.outcome != .running }
      #expect(refused.failure?.code == .overloaded)
      #expect(coordinator.probePool.queued == 1)
      #expect(coordinator.probePool.busy == 1)
    }
  }

  @Test func aJobPastItsDeadlineIsCancelledAndFailsWithTimeout() async throws {
    try await withCoordinator { coordinator in
      let job = ProbeJob(tag: "t", outputs: 1, intervalMillis: 10_000, timeoutMillis: 200)
      coordinator.store.send(.start(name: "a", job: job, cancelInFlight: false))
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.failure?.code == .timeout)
      try await eventually("the worker to hear the cancel") {
        (coordinator.probePool.counters["probesCancelled"] ?? 0) >= 1
      }
    }
  }

  @Test func scalingDownDrainsWithoutLosingEffectsAndScalingUpSpawns() async throws {
    try await withCoordinator { coordinator in
      for name in ["a", "b"] {
        coordinator.store.send(.start(name: name, job: ProbeJob(tag: name, outputs: 20, intervalMillis: 10), cancelInFlight: false))
      }
      try await eventually("both runs to start") { coordinator.probePool.busy == 2 }
      try coordinator.scale([ProbeJob.kind: 1])
      for name in ["a", "b"] {
        let run = try await coordinator.waitForRun(name) { $0.outcome != .running }
        #expect(run.outcome == .finished)
        #expect(run.outputs == Array(0..<20))
      }
      try await eventually("one worker left") { coordinator.status().workers.count == 1 }
      try coordinator.scale([ProbeJob.kind: 3])
      try await coordinator.waitUntilReady(3)
      #expect(coordinator.probePool.restarts == 0)
    }
  }

  @Test func aDrainingWorkerHandsBackWhatItCannotFinishInTime() async throws {
    try await withCoordinator(pool: testPool(size: 2, drainTimeout: .milliseconds(100))) { coordinator in
      // Four seconds each, so that both are still running when the scale, however late, drains one.
      for name in ["a", "b"] {
        let job = ProbeJob(tag: name, outputs: 20, intervalMillis: 200, timeoutMillis: nil)
        coordinator.store.send(.start(name: name, job: job, cancelInFlight: false))
      }
      try await eventually("both runs to start") { coordinator.probePool.busy == 2 }
      try coordinator.scale([ProbeJob.kind: 1])
      let runs = [
        try await coordinator.waitForRun("a") { $0.outcome != .running },
        try await coordinator.waitForRun("b") { $0.outcome != .running },
      ]
      #expect(runs.map(\.outcome) == [.finished, .finished])
      // One run was handed back to the remaining worker and started over there.
      #expect(runs.map(\.attempts).sorted() == [1, 2])
      try await eventually("one worker left") { coordinator.status().workers.count == 1 }
      #expect(coordinator.probePool.restarts == 0)
    }
  }
}
