import SwitchyardJournal
import SwitchyardMetrics

/// Notes every reduction that held the main actor past a threshold (`start --slow-reduction-ms`),
/// as Redis's slow log notes slow commands: a reducer that grew slow stalls the whole coordinator,
/// and this names the action that did it.
///
/// Each is counted in `switchyard_slow_reductions_total` and logged, at most a line a second (the
/// line counts those left out), with the action's root case and sequence number, which
/// `switchyard history` shows. Timed on the kernel's coarse clock, a few nanoseconds a read, so
/// to a few milliseconds: a threshold is milliseconds anyway, and every action pays the two reads.
/// The time is the wall clock's: a reduction preempted on a saturated machine counts as slow too,
/// as the coordinator waited for it all the same.
@MainActor
final class SlowReductionWatch<Action> {
  private let threshold: Int64
  private let log: @Sendable (LogEvent) -> Void
  private let counter: Counter?
  /// Nanoseconds on a monotonic clock: the kernel's coarse one, or a test's.
  private let now: () -> Int64
  @exclusivity(unchecked) private var started: Int64 = 0
  /// When the last line was logged, and the slow reductions not logged since.
  private var lastLine: Int64?
  private var unlogged = 0

  init(
    threshold: Duration, registry: MetricsRegistry?, clock: @escaping () -> Int64 = Journal.coarseMonotonicNanoseconds,
    log: @escaping @Sendable (LogEvent) -> Void
  ) {
    self.now = clock
    // Whole milliseconds, at most a day: what the flag takes.
    self.threshold = min(max(1, threshold.milliseconds), 86_400_000) * 1_000_000
    self.counter = registry?.counter(
      "switchyard_slow_reductions_total", help: "Reductions that held the main actor past --slow-reduction-ms (the log names each)."
    )
    self.log = log
  }

  /// Before a reduction.
  func willReduce() {
    started = now()
  }

  /// After the reduction of `action`, numbered `sequence` as observers are told.
  func didReduce(_ action: Action, sequence: @autoclosure () -> UInt64) {
    let ended = now()
    let took = ended - started
    guard took >= threshold else { return }
    counter?.increment()
    if let lastLine, ended - lastLine < 1_000_000_000 {
      unlogged += 1
      return
    }
    let name = ActionCaseCounter<Action>.caseName(action)
    let others = unlogged == 0 ? "" : "; \(unlogged) more since the last such line"
    log(
      .warning(
        "slow reduction: action \(sequence()) (\(name)) held the main actor \(took / 1_000_000) ms, over --slow-reduction-ms "
          + "\(threshold / 1_000_000)\(others)",
        .integer("action_sequence", sequence()), .string("action", name), .integer("milliseconds", took / 1_000_000)
      )
    )
    lastLine = ended
    unlogged = 0
  }
}
