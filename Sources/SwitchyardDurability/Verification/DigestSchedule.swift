/// How long a live journal waits between two digests of the state: long enough that digesting
/// takes at most a hundredth of the time, so it costs a busy coordinator at most about 1% of a
/// core, and an idle one's every action is digested.
///
/// A hundredth, not a twentieth: a coordinator waiting on its workers between bursts is busy for a
/// part of the time only, and a twentieth of the time was a tenth of its main actor's work and half
/// of what journaling cost it per action (`journal.ingress-overhead`).
///
/// A digest's cost is foreseen from the state's size: its JSON's length at the lesser of the last
/// two rates measured per byte. The lesser, as the first digest pays for code and buffers used for
/// the first time, and a thread preempted during one should not hold off the next for twenty times
/// as long; per byte, as a state that grows costs each digest more than the last: the lesser of
/// two costs let a coordinator whose state filled up spend 15 of its first 40 ms digesting
/// (`journal.pipelined-overhead`, three digests where the state reached 1,024 runs).
struct DigestSchedule {
  /// A digest costs at most this share of the time: 1 / 100.
  static let budgetDivisor: Int64 = 100

  /// How long after a digest is taken the next may be, in nanoseconds.
  private(set) var interval: Int64 = 0
  /// What the digest before the last cost per byte of the state's JSON, in nanoseconds.
  private var lastRate = 0.0

  /// Notes a digest of a state `length` bytes long as JSON that took `cost` nanoseconds.
  mutating func took(cost: Int64, length: Int) {
    let rate = Double(cost) / Double(max(length, 1))
    interval = Int64(min(rate, lastRate) * Double(length)) * Self.budgetDivisor
    lastRate = rate
  }
}
