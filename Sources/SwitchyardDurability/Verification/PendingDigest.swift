import SwitchyardJournal

/// The state an action led to, kept for its record's digest, which the encoding thread computes.
///
/// Keeping the state costs the main actor a copy of the storage the next action changes (88 µs for
/// the 112 KB state of `journal.ingress-overhead`), where encoding it there held the main actor for
/// the digest's whole time (milliseconds for that state, and growing with it), as snapshots already
/// are encoded off it.
struct PendingDigest: Sendable {
  private let costs: DigestCosts
  private let digest: @Sendable () throws -> StateDigest

  init<State: Encodable & Sendable>(of state: State, costs: DigestCosts) {
    self.costs = costs
    digest = { try StateDigest(of: state) }
    costs.queued()
  }

  /// The digest, its cost noted for the schedule of those after it; `nil` when the state cannot be
  /// encoded, which stops digests and leaves the record without one.
  func computed() -> StateDigest? {
    let started = Journal.monotonicNanoseconds()
    do {
      let digest = try digest()
      costs.took(cost: Journal.monotonicNanoseconds() - started, length: digest.length)
      return digest
    } catch {
      costs.failed(error)
      return nil
    }
  }
}
