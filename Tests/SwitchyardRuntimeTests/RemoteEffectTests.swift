import ComposableArchitecture
import Foundation
import Testing
import SwitchyardDiagnostics
@testable import SwitchyardRuntime

/// `Effect.remote` under `TestStore`: the same handler that runs in worker processes runs in-process,
/// so a feature's tests need no process.
@MainActor
struct RemoteEffectTests {
  @Test func outputsArriveAsActionsInOrderThenFinished() async {
    let store = TestStore(initialState: ProbeFeature.State()) {
      ProbeFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(ProbeHandler())
    }
    let job = ProbeJob(tag: "t", outputs: 2)
    await store.send(.start(name: "a", job: job, cancelInFlight: false)) {
      $0.runs["a"] = ProbeRun(tag: "t")
    }
    await store.receive(.event(name: "a", tag: "t", .output(ProbeOutput(tag: "t", index: 0, attempt: 1)))) {
      $0.runs["a"]?.outputs = [0]
      $0.runs["a"]?.attempts = 1
      $0.runs["a"]?.workerPIDs = [getpid()]
    }
    await store.receive(.event(name: "a", tag: "t", .output(ProbeOutput(tag: "t", index: 1, attempt: 1)))) {
      $0.runs["a"]?.outputs = [0, 1]
    }
    await store.receive(.event(name: "a", tag: "t", .finished)) {
      $0.runs["a"]?.outcome = .finished
    }
  }

  @Test func aHandlerFailureReachesTheReducerAsATypedFailure() async {
    let store = TestStore(initialState: ProbeFeature.State()) {
      ProbeFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(ProbeHandler())
    }
    let job = ProbeJob(tag: "t", outputs: 1, behavior: .fail)
    let failure = JobFailure(code: "probeFailed", message: "The probe 't' failed as asked.")
    await store.send(.start(name: "a", job: job, cancelInFlight: false)) {
      $0.runs["a"] = ProbeRun(tag: "t")
    }
    await store.receive(.event(name: "a", tag: "t", .failed(failure))) {
      $0.runs["a"]?.outcome = .failed
      $0.runs["a"]?.failure = failure
    }
  }

  @Test func aRunStartedAgainUnderItsNameStartsOverKeepingOnlyItsStaleCount() async {
    var finished = ProbeRun(tag: "old", staleEvents: 2)
    finished.outputs = [0, 1]
    finished.attempts = 2
    finished.workerPIDs = [7, 8]
    finished.outcome = .failed
    finished.failure = JobFailure(code: "probeFailed", message: "The probe 'old' failed as asked.")
    let store = TestStore(initialState: ProbeFeature.State(runs: ["a": finished])) {
      ProbeFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(ProbeHandler())
    }
    await store.send(.start(name: "a", job: ProbeJob(tag: "new", outputs: 0), cancelInFlight: false)) {
      $0.runs["a"] = ProbeRun(tag: "new", staleEvents: 2)
    }
    await store.receive(.event(name: "a", tag: "new", .finished)) {
      $0.runs["a"]?.outcome = .finished
    }
  }

  @Test func cancellingStopsTheHandlerAndNothingMoreArrives() async {
    let executor = InProcessJobExecutor(ProbeHandler())
    let store = TestStore(initialState: ProbeFeature.State()) {
      ProbeFeature()
    } withDependencies: {
      $0.jobExecutor = executor
    }
    // An hour: a loaded full run once held the test 60 s between its two sends, and the output came.
    let job = ProbeJob(tag: "t", outputs: 1, intervalMillis: 3_600_000)
    await store.send(.start(name: "a", job: job, cancelInFlight: false)) {
      $0.runs["a"] = ProbeRun(tag: "t")
    }
    await store.send(.cancel(name: "a")) {
      $0.runs["a"]?.outcome = .cancelled
    }
    await store.finish()
    #expect(executor.counters["probesStarted"] == 1)
  }

  @Test func cancelInFlightDeliversOnlyTheLastRunsEvents() async {
    let store = TestStore(initialState: ProbeFeature.State()) {
      ProbeFeature()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(ProbeHandler())
    }
    // Long enough that only the cancel can end it, however long other tests hold the main actor.
    let slow = ProbeJob(tag: "old", outputs: 1, intervalMillis: 600_000)
    await store.send(.start(name: "a", job: slow, cancelInFlight: true)) {
      $0.runs["a"] = ProbeRun(tag: "old")
    }
    let fast = ProbeJob(tag: "new", outputs: 1)
    await store.send(.start(name: "a", job: fast, cancelInFlight: true)) {
      $0.runs["a"] = ProbeRun(tag: "new")
    }
    await store.receive(.event(name: "a", tag: "new", .output(ProbeOutput(tag: "new", index: 0, attempt: 1)))) {
      $0.runs["a"]?.outputs = [0]
      $0.runs["a"]?.attempts = 1
      $0.runs["a"]?.workerPIDs = [getpid()]
    }
    await store.receive(.event(name: "a", tag: "new", .finished)) {
      $0.runs["a"]?.outcome = .finished
    }
  }

  @Test func aKindWithoutAHandlerFailsAsUnavailable() async throws {
    let executor = InProcessJobExecutor()
    await #expect(throws: JobFailure.self) {
      try await executor.execute(ProbeJob(tag: "t"), emit: JobEmitter { _ in })
    }
  }
}
