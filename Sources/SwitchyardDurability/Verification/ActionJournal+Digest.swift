import SwitchyardJournal

extension ActionJournal {
  /// Whether the state the action being journaled led to is to be digested: whenever digesting
  /// took at most a hundredth of the time since the last digest, and fewer than two digests wait to
  /// be computed. On the coarse clock, read with every action: the precise one cost a busy
  /// coordinator's main actor five times as much, and a few milliseconds early or late is no matter.
  func digestIsDue() -> Bool {
    failure == nil && Journal.coarseMonotonicNanoseconds() >= nextDigest && !digestCosts.waitingAreFull
  }

  /// `state`, kept for the digest of the record of the action that led to it, which the encoding
  /// thread computes; the next is due once the schedule's interval has passed.
  func digest<State: Encodable & Sendable>(of state: State) -> PendingDigest {
    nextDigest = Journal.coarseMonotonicNanoseconds() + digestCosts.interval
    return PendingDigest(of: state, costs: digestCosts)
  }
}
