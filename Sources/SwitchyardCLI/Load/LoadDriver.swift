import Foundation
import SwitchyardWire

/// Runs one load: starts the simulated users, shows progress, waits for the pools to go idle, and
/// measures what happened from the users' side and from the coordinator's counters.
public struct LoadDriver: Sendable {
  /// The coordinator's run directory.
  public var runDirectory: String
  /// What the users do.
  public var scenario: any LoadScenario
  /// How many users run at once.
  public var users: Int
  /// When they stop.
  public var limit: LoadLimit
  /// Prefixed to user names, so that repeated runs against one coordinator never share state.
  public var userPrefix: String
  /// How long a step waits for its effect before it counts as `noAnswer`.
  public var answerTimeout: Duration = .seconds(5)
  /// How long the pools get to finish what the users started.
  public var drainTimeout: Duration = .seconds(15)

  /// Creates a driver.
  public init(runDirectory: String, scenario: any LoadScenario, users: Int, limit: LoadLimit, userPrefix: String = "load") {
    self.runDirectory = runDirectory
    self.scenario = scenario
    self.users = users
    self.limit = limit
    self.userPrefix = userPrefix
  }

  /// Runs the load, reporting progress to `progress`.
  @MainActor
  public func run(progress: LoadProgress) async throws -> LoadResult {
    let connection = try CoordinatorConnection(runDirectory: runDirectory)
    let before = try connection.status()
    let budget = LoadBudget(limit)
    let recorder = LoadRecorder()
    for index in 0..<users {
      let user = SimulatedUser(
        name: "\(userPrefix)\(index)", scenario: scenario, runDirectory: runDirectory, budget: budget,
        recorder: recorder, answerTimeout: answerTimeout
      )
      Thread.detachNewThread { user.run() }
    }
    let hardStop = budget.startedAt + Self.expectedLength(of: limit) + answerTimeout + .seconds(5)
    while recorder.usersDone < users {
      if ContinuousClock.now > hardStop { budget.stop() }
      let elapsed = (ContinuousClock.now - budget.startedAt) / .seconds(1)
      progress.update(
        fraction: budget.progress(actionsSent: recorder.actionsSent), elapsed: elapsed,
        actions: recorder.actionsSent, errors: recorder.errorCount
      )
      try await Task.sleep(for: .milliseconds(100))
    }
    let seconds = budget.activeSeconds(stoppedAt: .now)
    progress.finish()
    let after = try await idleStatus(connection)
    let snapshot = recorder.snapshot
    let previous = Dictionary(before.pools.map { ($0.kind, $0) }) { first, _ in first }
    return LoadResult(
      scenario: scenario.name,
      users: users,
      poolSizes: Dictionary(after.pools.map { ($0.kind, $0.target) }) { first, _ in first },
      seconds: seconds,
      actionsSent: snapshot.actionsSent,
      storeActions: Int64(after.coordinator.actionsTotal) - Int64(before.coordinator.actionsTotal),
      roundTrips: snapshot.latencies.mapValues { LatencySummary(samples: $0) },
      errors: snapshot.errors,
      effects: Dictionary(after.pools.map { ($0.kind, EffectAccount(from: previous[$0.kind], to: $0)) }) { first, _ in first }
    )
  }

  /// The status once no pool has anything busy or queued, or when the drain timeout is up.
  @MainActor
  private func idleStatus(_ connection: CoordinatorConnection) async throws -> StatusReport {
    let deadline = ContinuousClock.now + drainTimeout
    while true {
      let report = try connection.status()
      let isIdle = report.pools.allSatisfy { $0.busy == 0 && $0.queued == 0 }
      if isIdle || ContinuousClock.now > deadline { return report }
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
