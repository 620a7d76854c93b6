/// When a live journal records the state's digest with an action: whenever digesting has taken
/// at most a hundredth of the time since the last digest, so it costs a busy coordinator at most
/// about 1% of its time, and an idle one's every action is digested.
///
/// A hundredth, not a twentieth: a coordinator waiting on its workers between bursts is busy for a
/// part of the time only, and a twentieth of the time was a tenth of its main actor's work and half
/// of what journaling cost it per action (`journal.ingress-overhead`).
///
/// A digest's cost is the lesser of the last two measured: the first digest pays for code and
/// buffers used for the first time, and a thread preempted during one should not hold off the
/// next for twenty times as long.
struct DigestSchedule {
  /// A digest costs at most this share of the coordinator's time: 1 / 100.
  static let budgetDivisor: Int64 = 100

  /// When the next digest may be taken, on the journal's monotonic clock.
  private(set) var notBefore: Int64 = 0
  /// What the digest before the last cost.
  private var lastCost: Int64 = 0

  /// Whether a digest is due at `now`.
  func isDue(now: Int64) -> Bool {
    now >= notBefore
  }

  /// Notes a digest that took `cost` nanoseconds and ended at `now`.
  mutating func took(cost: Int64, now: Int64) {
    notBefore = now + min(cost, lastCost) * Self.budgetDivisor
    lastCost = cost
  }
}
