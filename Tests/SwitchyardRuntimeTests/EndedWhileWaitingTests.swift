import Synchronization
import SwitchyardDiagnostics
import SwitchyardMetrics
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRuntime

/// An effect that ends while it waits — timed out or cancelled in its pool's queue, or during a
/// retry's backoff — stops being counted as waiting at that moment, in `status` and in the metrics'
/// publication, so the effects-lost sum stays exactly 0; and its job never reaches a worker.
@MainActor
@Suite(.serialized)
struct EndedWhileWaitingTests {
  @Test func effectsThatTimeOutInTheQueueLeaveItAtOnceAndNeverRun() async throws {
    let registry = MetricsRegistry()
    try await withCoordinator(pool: testPool(size: 1, maxInFlightPerWorker: 1), metrics: registry) { coordinator, _, _ in
      let attempts = AttemptLog(coordinator)
      try await Self.occupyTheOnlySlot(of: coordinator)
      for index in 0..<5 {
        let job = ProbeJob(tag: "late\(index)", queueTimeoutMillis: 300)
        coordinator.store.send(.start(name: "late\(index)", job: job, cancelInFlight: false))
      }
      try await eventually("five queued") { coordinator.probePool.queued == 5 }

      for index in 0..<5 {
        let run = try await coordinator.waitForRun("late\(index)") { $0.outcome != .running }
        #expect(run.failure?.code == .timeout)
      }

      let status = coordinator.probePool
      #expect(status.queued == 0 && status.busy == 1 && status.failed == 5)
      let published = try await Self.publication(in: registry) { $0.ended == 5 }
      #expect(published.queued == 0 && published.running == 1 && published.unaccounted == 0, "\(published)")
      try await Self.freeTheSlotAndRunOneMore(coordinator)
      #expect(attempts.tags == ["busy", "after"], "an effect that ended in the queue reached a worker")
    }
  }

  @Test func effectsCancelledInTheQueueLeaveItAtOnceAndNeverRun() async throws {
    let registry = MetricsRegistry()
    try await withCoordinator(pool: testPool(size: 1, maxInFlightPerWorker: 1), metrics: registry) { coordinator, _, _ in
      let attempts = AttemptLog(coordinator)
      try await Self.occupyTheOnlySlot(of: coordinator)
      for name in ["cancelled", "replaced"] {
        coordinator.store.send(.start(name: name, job: ProbeJob(tag: name), cancelInFlight: false))
      }
      try await eventually("two queued") { coordinator.probePool.queued == 2 }

      coordinator.store.send(.cancel(name: "cancelled"))
      coordinator.store.send(.start(name: "replaced", job: ProbeJob(tag: "replacement"), cancelInFlight: true))
      try await eventually("both cancels") { coordinator.probePool.cancelled == 2 }

      let status = coordinator.probePool
      #expect(status.queued == 1 && status.busy == 1, "only the replacement waits")
      let published = try await Self.publication(in: registry) { $0.ended == 2 }
      #expect(published.queued == 1 && published.running == 1 && published.unaccounted == 0, "\(published)")
      try await Self.freeTheSlotAndRunOneMore(coordinator)
      #expect(attempts.tags.filter { $0 != "replacement" } == ["busy", "after"], "a cancelled effect reached a worker")
    }
  }

  @Test func effectsThatEndDuringARetrysBackoffStopBeingCountedAtOnce() async throws {
    let registry = MetricsRegistry()
    var pool = testPool(size: 1)
    // Far longer than the test: the effects end while they wait it out.
    pool.retryBackoff = .seconds(60)
    try await withCoordinator(pool: pool, metrics: registry) { coordinator, _, _ in
      let attempts = AttemptLog(coordinator)
      let held = ProbeJob(tag: "held", outputs: 1, intervalMillis: 600_000, timeoutMillis: 900_000)
      coordinator.store.send(.start(name: "held", job: held, cancelInFlight: false))
      try await eventually("the held job to run") { coordinator.probePool.busy == 1 }
      // Its worker dies, losing both: each waits out a backoff, the crash's with a queue timeout.
      let crash = ProbeJob(tag: "crash", behavior: .crash, queueTimeoutMillis: 300)
      coordinator.store.send(.start(name: "crash", job: crash, cancelInFlight: false))
      try await eventually("both to wait for a retry") { coordinator.probePool.retried == 2 }

      let timedOut = try await coordinator.waitForRun("crash") { $0.outcome != .running }
      #expect(timedOut.failure?.code == .timeout)
      // It timed out waiting out the backoff, not for a worker: the message says which.
      let message = timedOut.failure?.message ?? ""
      #expect(message.contains("attempt 1 of") && message.contains("backoff before the next, 60.0 seconds"), "\(message)")
      #expect(!message.contains("workers are all busy"), "\(message)")
      coordinator.store.send(.cancel(name: "held"))
      try await eventually("the cancel") { coordinator.probePool.cancelled == 1 }

      let published = try await Self.publication(in: registry) { $0.ended == 2 }
      #expect(published.queued == 0 && published.running == 0 && published.unaccounted == 0, "\(published)")
      #expect(attempts.tags == ["held", "crash"], "an effect retried after it ended")
    }
  }

  /// Starts a job that holds the pool's one slot until it is cancelled.
  private static func occupyTheOnlySlot(of coordinator: ProbeCoordinator) async throws {
    let busy = ProbeJob(tag: "busy", outputs: 1, intervalMillis: 600_000, timeoutMillis: 900_000)
    coordinator.store.send(.start(name: "busy", job: busy, cancelInFlight: false))
    try await eventually("the busy job to run") { coordinator.probePool.busy == 1 }
  }

  /// Cancels the job holding the slot, so whatever still waits gets its turn, and runs one more job
  /// to its end: anything dispatched in between has reached the worker before it.
  private static func freeTheSlotAndRunOneMore(_ coordinator: ProbeCoordinator) async throws {
    coordinator.store.send(.cancel(name: "busy"))
    try await eventually("the busy job's slot to free") { coordinator.probePool.busy == 0 }
    coordinator.store.send(.start(name: "after", job: ProbeJob(tag: "after"), cancelInFlight: false))
    #expect(try await coordinator.waitForRun("after") { $0.outcome != .running }.outcome == .finished)
  }

  /// The first publication of the probe pool's figures that `condition` holds for: a scrape reads a
  /// publication whole, so its gauges are those set on the tick its counters were.
  private static func publication(
    in registry: MetricsRegistry, _ condition: (BusyScraper.Figures) -> Bool
  ) async throws -> BusyScraper.Figures {
    var found: BusyScraper.Figures?
    try await eventually("a publication") {
      let figures = BusyScraper.figures(in: registry.render(.text))
      if condition(figures) { found = figures }
      return found != nil
    }
    return try #require(found)
  }
}

/// The tag of every job dispatched to a worker, attempt by attempt, as the coordinator reports
/// its effects' lives.
@MainActor
private final class AttemptLog {
  private var tagsByEffect: [UInt64: String] = [:]
  private(set) var tags: [String] = []

  init(_ coordinator: ProbeCoordinator) {
    coordinator.observeEffects { [weak self] event in
      guard let self else { return }
      switch event {
      case let .started(effect, _, job):
        tagsByEffect[effect] = (try? WireJSONDecoder().decode(ProbeJob.self, from: job))?.tag ?? "?"
      case let .attempt(effect, _, _):
        tags.append(tagsByEffect[effect] ?? "?")
      default:
        break
      }
    }
  }
}
