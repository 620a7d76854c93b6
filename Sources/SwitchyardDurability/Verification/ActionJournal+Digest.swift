import SwitchyardJournal

extension ActionJournal {
  /// Whether the state the action being journaled led to is to be digested: whenever digesting
  /// took at most a hundredth of the time since the last digest, and fewer than two digests wait to
  /// be computed.
  func digestIsDue() -> Bool {
    failure == nil && Journal.monotonicNanoseconds() >= nextDigest && !digestCosts.waitingAreFull
  }

  /// `state`, kept for the digest of the record of the action that led to it, which the encoding
  /// thread computes; the next is due once the schedule's interval has passed.
  func digest<State: Encodable & Sendable>(of state: State) -> PendingDigest {
    nextDigest = Journal.monotonicNanoseconds() + digestCosts.interval
    return PendingDigest(of: state, costs: digestCosts)
  }
}
