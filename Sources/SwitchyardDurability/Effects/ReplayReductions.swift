import ComposableArchitecture
import SwitchyardRuntime

/// How an ``ActionReplay`` reduces its records' actions: with the dependency values each record
/// holds, and a job executor that gives remote effects their journaled identities, all built at the
/// first record and kept for the next. Building them for every record cost more than reducing a
/// small action did.
///
/// Shared by the copies of one replay, which apply their records on one thread, one at a time.
final class ReplayReductions {
  private let target = Target()
  private var replayer: ReductionReplayer?
  /// Whether ``whileInForce(_:)`` installed the replayer's dependencies, so a reduction installs
  /// nothing.
  private var isInForce = false

  /// Reduces with `recording` replayed, the remote effects the reduction makes going to `effects`
  /// and `recovery`; throws ``DependencyReplayError`` when the reduction asked for other values.
  func reduce<R>(
    _ recording: DependencyRecording,
    effects: ReplayedEffects,
    recovery: EffectRecovery?,
    operation: () -> R
  ) throws -> R {
    target.effects = effects
    target.recovery = recovery
    let replayer = madeReplayer()
    return isInForce ? try replayer.replayInForce(recording, operation: operation) : try replayer.replay(recording, operation: operation)
  }

  /// Runs `body` with the dependencies every reduction replays with in force, installed once for
  /// the reductions it makes rather than around each.
  func whileInForce<T>(_ body: () throws -> T) rethrows -> T {
    try madeReplayer().whileInForce {
      isInForce = true
      defer { isInForce = false }
      return try body()
    }
  }

  /// The replayer, made with the dependencies in force at the first call.
  private func madeReplayer() -> ReductionReplayer {
    if let replayer { return replayer }
    let replayer = withDependencies {
      $0.jobExecutor = ReplayJobExecutor(target: target)
    } operation: {
      ReductionReplayer()
    }
    self.replayer = replayer
    return replayer
  }

  /// Where the record being reduced sends its remote effects: the executor, built once, reads it.
  final class Target: @unchecked Sendable {
    // Unchecked: set before each reduction and read during it, on the replay's one thread.
    var effects = ReplayedEffects()
    var recovery: EffectRecovery?
  }
}
