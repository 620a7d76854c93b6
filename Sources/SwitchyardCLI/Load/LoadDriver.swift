import Foundation
import SwitchyardWire

/// Runs one load: starts the simulated users, shows progress, waits for the pools to go idle, and
/// measures what happened from the users' side and from the coordinator's counters.
package struct LoadDriver: Sendable {
  /// The coordinator's run directory.
  package var runDirectory: String
  /// What the users do.
  package var scenario: any LoadScenario
  /// How many users run at once.
  package var users: Int
  /// When they stop.
  package var limit: LoadLimit
  /// Prefixed to user names, so that repeated runs against one coordinator never share state.
  package var userPrefix: String
  /// How long a step waits for its effect before it counts as `noAnswer`.
  package var answerTimeout: Duration = .seconds(5)
  /// How long the pools get to finish what the users started.
  package var drainTimeout: Duration = .seconds(15)
  /// How long the users take to start, evenly spread, as k6's ramping stage: the last starts
  /// when it is over. Zero starts them all at once.
  package var ramp: Duration = .zero
  /// How long the load looks for a leader, after losing one (`start --ha`), before its users give up.
  package var failoverTimeout: Duration = .seconds(30)
  /// Stops the load early, on a signal; `nil` runs it to its limit.
  package var interruption: LoadInterruption?

  /// Creates a driver.
  package init(runDirectory: String, scenario: any LoadScenario, users: Int, limit: LoadLimit, userPrefix: String = "load") {
    self.runDirectory = runDirectory
    self.scenario = scenario
    self.users = users
    self.limit = limit
    self.userPrefix = userPrefix
  }

  /// Runs the load, reporting progress to `progress`.
  ///
  /// Through a failover (`start --ha`) it goes on with the new leader; the store's actions and the
  /// pools' counters are added up over each leader's time, and the steps the failover interrupted
  /// are followed to their end on the new leader.
  ///
  /// Off the main actor: its requests block their thread until the coordinator answers, and the
  /// coordinator may be on this process's main actor.
  package func run(progress: LoadProgress) async throws -> LoadResult {
    let leader = try LoadLeader(runDirectory: runDirectory, replyTimeout: answerTimeout, searchTimeout: failoverTimeout)
    let loadAverage = MachineLoad.oneMinuteAverage
    let before = leader.terms[0].baseline
    let budget = LoadBudget(limit)
    let recorder = LoadRecorder(startedAt: budget.startedAt)
    for index in 0..<users {
      let user = SimulatedUser(
        name: "\(userPrefix)\(index)", scenario: scenario, leader: leader, budget: budget,
        recorder: recorder, answerTimeout: answerTimeout
      )
      let start = budget.startedAt + (users > 1 ? ramp * index / (users - 1) : .zero)
      Thread.detachNewThread {
        let wait = start - .now
        if wait > .zero { usleep(UInt32(wait.microseconds)) }
        user.run()
      }
    }
    let hardStop = budget.startedAt + ramp + Self.expectedLength(of: limit) + answerTimeout + .seconds(5)
    var refreshed = ContinuousClock.now
    var stoppedEarly = false
    while recorder.usersDone < users {
      if ContinuousClock.now > hardStop { budget.stop() }
      if !stoppedEarly, interruption?.stopsUsers == true {
        stoppedEarly = true
        budget.stop()
      }
      // The leader's counters as last seen: all that remains of them if it dies.
      if ContinuousClock.now - refreshed > .milliseconds(500) {
        leader.refresh()
        refreshed = .now
      }
      let elapsed = (ContinuousClock.now - budget.startedAt) / .seconds(1)
      progress.update(
        fraction: budget.progress(actionsSent: recorder.actionsSent), elapsed: elapsed,
        actions: recorder.actionsSent, errors: recorder.errorCount
      )
      try await Task.sleep(for: .milliseconds(100))
    }
    let seconds = budget.activeSeconds(stoppedAt: .now)
    progress.finish()
    let after = try await settledStatus(leader)
    let terms = leader.terms
    // The pools' counters are the last leader's, from when the load reached it.
    let previous = Dictionary(terms[terms.count - 1].baseline.pools.map { ($0.kind, $0) }) { first, _ in first }
    let storeActions = terms.dropLast().reduce(Int64(after.coordinator.actionsTotal) - Int64(terms[terms.count - 1].baseline.coordinator.actionsTotal)) {
      $0 + Int64($1.latest.coordinator.actionsTotal) - Int64($1.baseline.coordinator.actionsTotal)
    }
    let snapshot = recorder.snapshot
    return LoadResult(
      scenario: scenario.name,
      users: users,
      poolSizes: Dictionary(after.pools.map { ($0.kind, $0.target) }) { first, _ in first },
      seconds: seconds,
      actionsSent: snapshot.actionsSent,
      storeActions: storeActions,
      roundTrips: snapshot.latencies.mapValues { LatencySummary(samples: $0) },
      errors: snapshot.errors,
      effects: Dictionary(after.pools.map { ($0.kind, EffectAccount(from: previous[$0.kind], to: $0)) }) { first, _ in first },
      loadAverage: loadAverage,
      series: recorder.series,
      build: before.coordinator.version,
      failovers: leader.failovers,
      interrupted: snapshot.interrupted,
      stoppedEarly: stoppedEarly
    )
  }

  /// The leader's status once no pool has more in flight than when the load reached it — what the
  /// load started has ended, while a listener the application keeps open may run on — or when the
  /// drain timeout is up.
  private func settledStatus(_ leader: LoadLeader) async throws -> StatusReport {
    let deadline = ContinuousClock.now + drainTimeout
    // A new connection: the coordinator closes one left idle past its idle timeout, as a long load leaves the users'.
    var connection = try leader.connect().connection
    while true {
      let asked = Result { () throws(CoordinatorConnectionError) in try connection.status() }
      if case let .failure(error) = asked, error.isFailover {
        connection = try leader.reconnect(after: connection.runDirectory).connection
        continue
      }
      let report = try asked.get()
      let terms = leader.terms
      let before = Dictionary(terms[terms.count - 1].baseline.pools.map { ($0.kind, $0) }) { first, _ in first }
      let isSettled = report.pools.allSatisfy { pool in
        EffectAccount.inFlight(pool) <= before[pool.kind].map(EffectAccount.inFlight) ?? 0
      }
      if isSettled || ContinuousClock.now > deadline { return report }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  private static func expectedLength(of limit: LoadLimit) -> Duration {
    switch limit {
    case let .duration(duration): duration
    case .actions: .seconds(600)
    }
  }
}
