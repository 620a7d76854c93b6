/// What one load run measured.
package struct LoadResult: Equatable, Sendable {
  /// The scenario's name.
  package var scenario: String
  /// How many simulated users ran.
  package var users: Int
  /// Each pool's size during the run, by kind.
  package var poolSizes: [String: Int]
  /// Seconds the users were taking steps (not counting the wait for the last answers).
  package var seconds: Double
  /// Actions the users sent.
  package var actionsSent: Int
  /// Actions the store processed meanwhile: the users' and their effects' results.
  package var storeActions: Int64
  /// Round trips from sending an action to its effect's result in the state, by worker kind.
  package var roundTrips: [String: LatencySummary]
  /// Errors by type: a job failure's code or `noAnswer`, each with its worker kind, or a refusal's
  /// code.
  package var errors: [String: Int]
  /// How the effects of each pool ended, by kind.
  package var effects: [String: EffectAccount]
  /// The machine's one-minute load average as the run began: how busy it was with other work.
  package var loadAverage: Double
  /// Each second of the run, from its start.
  package var series: [LoadSecond]
  /// The coordinator's version, as its status reports it: the build under load.
  package var build: String
  /// The failovers the load went through (`start --ha`), in order.
  package var failovers: [LoadFailover]
  /// The steps those failovers interrupted, and how each ended on the new leader.
  package var interrupted: InterruptedSteps
  /// Whether a signal stopped the users before the limit (``LoadInterruption``).
  package var stoppedEarly: Bool

  /// Creates a result.
  package init(
    scenario: String,
    users: Int,
    poolSizes: [String: Int],
    seconds: Double,
    actionsSent: Int,
    storeActions: Int64,
    roundTrips: [String: LatencySummary],
    errors: [String: Int],
    effects: [String: EffectAccount],
    loadAverage: Double = 0,
    series: [LoadSecond] = [],
    build: String = "",
    failovers: [LoadFailover] = [],
    interrupted: InterruptedSteps = InterruptedSteps(),
    stoppedEarly: Bool = false
  ) {
    self.scenario = scenario
    self.users = users
    self.poolSizes = poolSizes
    self.seconds = seconds
    self.actionsSent = actionsSent
    self.storeActions = storeActions
    self.roundTrips = roundTrips
    self.errors = errors
    self.effects = effects
    self.loadAverage = loadAverage
    self.series = series
    self.build = build
    self.failovers = failovers
    self.interrupted = interrupted
    self.stoppedEarly = stoppedEarly
  }

  /// The pool sizes as `KIND=N,…`, sorted by kind.
  package var poolsDescription: String {
    PoolSize.list(poolSizes.sorted { $0.key < $1.key }.map { PoolSize(kind: $0.key, size: $0.value) })
  }

  /// Store actions per second.
  package var storeActionsPerSecond: Double {
    seconds > 0 ? Double(storeActions) / seconds : 0
  }

  /// Round trips per second, all kinds together.
  package var roundTripsPerSecond: Double {
    seconds > 0 ? Double(roundTrips.values.reduce(0) { $0 + $1.count }) / seconds : 0
  }

  /// Effects that never ended: over every pool of the last leader, and the steps a failover
  /// interrupted whose effect never came back.
  package var lostEffects: Int64 {
    effects.values.reduce(interrupted.lostCount) { $0 + $1.lost }
  }
}
