import ComposableArchitecture
import Foundation
import Synchronization
import SwitchyardDiagnostics
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRuntime

/// Pools under kill storms, hung workers and no workers at all: they degrade and recover on their
/// own, and every effect ends within its deadline with a clear code.
@MainActor
@Suite(.serialized)
struct DegradedPoolTests {
  @Test func aKillStormLosesNoEffectAndThePoolIsBackToSizeWithoutScaling() async throws {
    try await withCoordinator(pool: testPool(size: 3), seconds: 90) { coordinator in
      var names: [String] = []
      @MainActor func startJobs(_ count: Int) {
        for _ in 0..<count {
          let name = "r\(names.count)"
          names.append(name)
          coordinator.store.send(.start(name: name, job: ProbeJob(tag: name, outputs: 5, intervalMillis: 20), cancelInFlight: false))
        }
      }
      // A random ready worker killed every 200 ms, fifteen times, under a steady stream of jobs:
      // the pacing of the storm, not a synchronisation.
      var kills = 0
      while kills < 15 {
        startJobs(4)
        if let victim = coordinator.readyWorkerPIDs.randomElement() {
          kill(victim, SIGKILL)
          kills += 1
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(coordinator.probePool.health != "failed")
      }
      var finished = 0
      for name in names {
        let run = try await coordinator.waitForRun(name) { $0.outcome != .running }
        if run.outcome == .finished {
          finished += 1
          #expect(run.outputs == Array(0..<5))
        } else {
          // Killed on every attempt it was given: a clear code, never a silent loss.
          #expect(run.failure?.code == .workerExited, "\(name): \(String(describing: run.failure))")
        }
      }
      #expect(finished > 0)
      try await coordinator.waitUntilReady(3, within: 30)
      coordinator.store.send(.start(name: "after", job: ProbeJob(tag: "after"), cancelInFlight: false))
      let after = try await coordinator.waitForRun("after") { $0.outcome != .running }
      #expect(after.outcome == .finished)
    }
  }

  @Test func aPoolWithoutWorkersTimesOutAQueuedEffectAtItsDeadline() async throws {
    try await withCoordinator(pool: testPool(size: 1)) { coordinator in
      try coordinator.scale([ProbeJob.kind: 0])
      try await eventually("the pool to be empty") { coordinator.probePool.size == 0 }
      let sent = ContinuousClock.now
      coordinator.store.send(.start(name: "a", job: ProbeJob(tag: "a", timeoutMillis: 300), cancelInFlight: false))
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.failure?.code == .timeout)
      #expect(run.attempts == 0)
      #expect(ContinuousClock.now - sent >= .milliseconds(300))
    }
  }

  @Test func aRetryableTimeoutIsRetriedOnAWorkerThatAnswersPings() async throws {
    // Heartbeats time out long after the job does, so the hung worker is alive but silent.
    let pool = testPool(size: 2, heartbeatTimeout: .seconds(30))
    try await withCoordinator(pool: pool) { coordinator in
      let job = ProbeJob(tag: "t", outputs: 3, behavior: .hang, misbehaveAfter: 0, misbehaveThroughAttempt: 1, timeoutMillis: 1_500)
      coordinator.store.send(.start(name: "a", job: job, cancelInFlight: false))
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.outcome == .finished)
      // The second attempt finished: it did not go to the stopped worker, where it would hang too.
      #expect(run.attempts == 2)
    }
  }

  @Test func aWorkerThatLeavesAPingUnansweredGetsNoNewEffects() async throws {
    let pool = testPool(size: 2, heartbeatTimeout: .seconds(30))
    try await withCoordinator(pool: pool) { coordinator, log in
      // The stop may catch the worker before it writes any output, so it is found by its state.
      coordinator.store.send(.start(name: "hung", job: ProbeJob(tag: "h", behavior: .hang), cancelInFlight: false))
      try await eventually("a worker to stop") { coordinator.readyWorkerPIDs.contains(where: isStopped) }
      let victim = try #require(coordinator.readyWorkerPIDs.first(where: isStopped))
      try await eventually("the stopped worker to be suspect") {
        log.lines.contains { $0.hasPrefix("[probe \(victim)] has not answered a ping") }
      }
      for index in 0..<6 {
        coordinator.store.send(.start(name: "b\(index)", job: ProbeJob(tag: "b\(index)"), cancelInFlight: false))
      }
      for index in 0..<6 {
        let run = try await coordinator.waitForRun("b\(index)") { $0.outcome != .running }
        #expect(run.outcome == .finished)
        #expect(!run.workerPIDs.contains(victim))
      }
    }
  }

  @Test func spawnsThatFailFailThemselvesNotThePool() async throws {
    try await withCoordinator(pool: testPool(size: 1)) { coordinator, log in
      // As when the coordinator is out of file descriptors: the next eight spawns fail.
      coordinator.runtime.transport = FailingTransport(wrapping: coordinator.runtime.transport, failures: 8)
      try coordinator.scale([ProbeJob.kind: 3])
      try await coordinator.waitUntilReady(3, within: 30)
      #expect(log.lines.count { $0.contains("could not start a 'probe' worker") } == 8)
      coordinator.store.send(.start(name: "a", job: ProbeJob(tag: "a"), cancelInFlight: false))
      let run = try await coordinator.waitForRun("a") { $0.outcome != .running }
      #expect(run.outcome == .finished)
    }
  }

  @Test func scalingAboveThePoolsMaximumIsRefusedWithASentence() async throws {
    var pool = testPool(size: 1)
    pool.maxSize = 2
    try await withCoordinator(pool: pool) { coordinator in
      #expect(throws: CoordinatorError.poolSizeOverLimit(ProbeJob.kind, 3, limit: 2)) {
        try coordinator.scale([ProbeJob.kind: 3])
      }
      #expect(CoordinatorError.poolSizeOverLimit(ProbeJob.kind, 3, limit: 2).description.contains("its maximum is 2"))
      try coordinator.scale([ProbeJob.kind: 2])
      try await coordinator.waitUntilReady(2)
    }
  }
}

/// Whether the process is stopped (`T` in `/proc/<pid>/stat`), as `SIGSTOP` leaves it.
private func isStopped(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  return stat[close...].dropFirst(2).first == "T"
}

/// A transport whose first `failures` connects fail, as spawning does when file descriptors run out.
private final class FailingTransport: WorkerTransport {
  private let base: any WorkerTransport
  private let remaining: Mutex<Int>

  init(wrapping base: any WorkerTransport, failures: Int) {
    self.base = base
    self.remaining = Mutex(failures)
  }

  func connect(kind: JobKind, events: WorkerLinkEvents) throws -> any WorkerLink {
    let fails = remaining.withLock { remaining in
      defer { remaining -= 1 }
      return remaining > 0
    }
    if fails { throw ProcessError.pipeFailed(errno: EMFILE) }
    return try base.connect(kind: kind, events: events)
  }
}

/// Issue 38: a pool whose workers have no handler for its kind restarted them for ever, its jobs
/// queued. A worker that refuses its command line before its hello fails the pool at once.
@MainActor
@Suite struct UnservedPoolTests {
  @Test func aPoolWhoseWorkerRefusesItsKindFailsAtOnceInsteadOfRestartingForEver() async throws {
    try await withCoordinator(pool: testPool(kind: "nosuch", size: 1), waitsUntilReady: false) { coordinator, log in
      try await eventually("the pool to fail; log:\n\(log.lines.joined(separator: "\n"))") {
        coordinator.status().pools.first?.health == "failed"
      }
      let pool = try #require(coordinator.status().pools.first)
      #expect(pool.restarts == 0, "no restart: \(log.lines)")
      #expect(log.lines.contains { $0.contains("[nosuch ") && $0.contains("no handler for 'nosuch' jobs") }, "\(log.lines)")
      #expect(log.lines.contains { $0.contains("the 'nosuch' pool failed: its worker exited with status 2 before saying hello") }, "\(log.lines)")
    }
  }
}
