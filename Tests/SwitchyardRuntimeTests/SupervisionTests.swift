import ComposableArchitecture
import Foundation
import SwitchyardTestSupport
import Testing
import SwitchyardDiagnostics
@testable import SwitchyardRuntime

/// Workers that die, hang, or write garbage: detected, replaced, and their effects never lost.
@MainActor
@Suite(.serialized, ProcessOfItsOwn.only("SupervisionTests"))
struct SupervisionTests {
  @Test func aKilledWorkersRetryableEffectIsRetriedAndThePoolIsBackToSize() async throws {
    try await withCoordinator { coordinator, log in
      // Eight seconds: in-process coordinators of other suites share this main actor (the fuzz
      // test's alone keeps it busy for seconds), and a shorter run finished before the kill.
      let job = ProbeJob(tag: "t", outputs: 100, intervalMillis: 80)
      coordinator.store.send(.start(name: "a", job: job, cancelInFlight: false))
      // Not inside #require: a closure in a macro argument can be confused with a later one.
      let started = try await coordinator.waitForRun("a") { !$0.workerPIDs.isEmpty }
      let victim = try #require(started.workerPIDs.first)
      kill(victim, SIGKILL)
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.outcome == .finished)
      #expect(run.attempts == 2)
      #expect(run.outputs == Array(0..<100))
      #expect(run.workerPIDs.count == 2 && run.workerPIDs.first == victim)
      try await coordinator.waitUntilReady(2)
      #expect(!coordinator.readyWorkerPIDs.contains(victim))
      #expect(coordinator.probePool.retried == 1)
      // The kill's restart, and one for each worker a stalled machine kept past its heartbeat or
      // hello deadline, which the supervisor kills and says so (fresh clones' full runs stalled
      // every test for 45 s: a replacement went 3 s without a word, another 10 s without its
      // hello): every restart accounted for.
      let starved = log.lines.count { $0.contains("worker was killed (no ") }
      #expect(coordinator.probePool.restarts == 1 + starved, "the coordinator's log:\n\(log.lines.joined(separator: "\n"))")
    }
  }

  @Test func aKilledWorkersNonRetryableEffectFailsWithWorkerExited() async throws {
    try await withCoordinator { coordinator in
      // Long enough to be running when the kill comes, however busy the shared main actor is.
      let job = ProbeJob(tag: "t", outputs: 100, intervalMillis: 80, retryable: false)
      coordinator.store.send(.start(name: "a", job: job, cancelInFlight: false))
      // Not inside #require: a closure in a macro argument can be confused with a later one.
      let started = try await coordinator.waitForRun("a") { !$0.workerPIDs.isEmpty }
      let victim = try #require(started.workerPIDs.first)
      kill(victim, SIGKILL)
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.failure?.code == .workerExited)
      try await coordinator.waitUntilReady(2)
    }
  }

  @Test func tooManyRestartsMarkThePoolFailedAndTheCoordinatorKeepsServing() async throws {
    let policy = RestartPolicy(initialBackoff: .milliseconds(10), maxBackoff: .milliseconds(50), maxRestarts: 2, window: .seconds(30))
    try await withCoordinator(pool: testPool(size: 1, restartPolicy: policy)) { coordinator in
      // Every attempt crashes its worker: three crashes are more than two restarts allow.
      let job = ProbeJob(tag: "t", behavior: .crash, misbehaveThroughAttempt: .max)
      coordinator.store.send(.start(name: "a", job: job, cancelInFlight: false))
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.outcome == .failed)
      try await eventually("the pool to fail") { coordinator.probePool.health == "failed" }
      #expect(coordinator.probePool.restarts == 2)

      coordinator.store.send(.start(name: "b", job: ProbeJob(tag: "b"), cancelInFlight: false))
      let refused = try await coordinator.waitForRun("b") { $0.outcome != .running }
      #expect(refused.failure?.code == .unavailable)

      try coordinator.scale([ProbeJob.kind: 1])
      try await coordinator.waitUntilReady(1)
      coordinator.store.send(.start(name: "c", job: ProbeJob(tag: "c"), cancelInFlight: false))
      let revived = try await coordinator.waitForRun("c") { $0.outcome != .running }
      #expect(revived.outcome == .finished)
    }
  }

  @Test func aWorkerThatStopsAnsweringHeartbeatsIsKilledAndReplaced() async throws {
    let pool = testPool(heartbeatInterval: .milliseconds(50), heartbeatTimeout: .milliseconds(400))
    try await withCoordinator(pool: pool) { coordinator in
      // The probe SIGSTOPs its own worker: it answers nothing, but its pipe stays open.
      coordinator.store.send(.start(name: "a", job: ProbeJob(tag: "t", outputs: 3, behavior: .hang, misbehaveAfter: 1), cancelInFlight: false))
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.outcome == .finished)
      #expect(run.attempts == 2)
      try await coordinator.waitUntilReady(2)
      #expect(coordinator.probePool.restarts == 1)
    }
  }

  @Test func aWorkerThatWritesGarbageIsReplacedAndItsEffectRetried() async throws {
    try await withCoordinator { coordinator in
      coordinator.store.send(.start(name: "a", job: ProbeJob(tag: "t", outputs: 2, behavior: .garbage, misbehaveAfter: 1), cancelInFlight: false))
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.outcome == .finished)
      #expect(run.attempts == 2)
      try await coordinator.waitUntilReady(2)
      #expect(coordinator.probePool.restarts == 1)
    }
  }

  @Test func aWorkerThatClosesItsOutputIsDetectedAndReplaced() async throws {
    try await withCoordinator { coordinator in
      coordinator.store.send(.start(name: "a", job: ProbeJob(tag: "t", outputs: 2, behavior: .closeOutput, misbehaveAfter: 1), cancelInFlight: false))
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.outcome == .finished)
      try await coordinator.waitUntilReady(2)
      #expect(coordinator.probePool.restarts == 1)
    }
  }

  @Test func workerStandardErrorReachesTheLogPrefixedWithKindAndPid() async throws {
    let policy = RestartPolicy(initialBackoff: .milliseconds(10), maxBackoff: .milliseconds(20), maxRestarts: 2, window: .seconds(30))
    let pool = testPool(kind: "nonesuch", size: 1, restartPolicy: policy)
    try await withCoordinator(pool: pool, waitsUntilReady: false) { coordinator, log, workers in
      // The executable has no 'nonesuch' handler: each worker says so on stderr and exits.
      try await eventually("the misconfigured pool to fail") {
        coordinator.status().pools.first?.health == "failed"
      }
      let pid = try #require(workers.pids.first)
      // The kinds it serves grow with the executable's handlers; the prefix is the runtime's part.
      let refusal = "[nonesuch \(pid)] error: this worker has no handler for 'nonesuch' jobs; it serves: "
      #expect(log.lines.contains { $0.hasPrefix(refusal) })
      // Refusing its command line before its hello, it is not restarted into the same refusal.
      #expect(coordinator.status().pools.first?.restarts == 0)
    }
  }
}
