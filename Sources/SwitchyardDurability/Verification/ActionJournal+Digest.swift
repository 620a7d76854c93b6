import SwitchyardJournal
import SwitchyardRuntime

extension ActionJournal {
  /// Whether the state the action being journaled led to is to be digested: whenever digesting
  /// took at most a hundredth of the time since the last digest.
  func digestIsDue() -> Bool {
    failure == nil && digests.isDue(now: Journal.monotonicNanoseconds())
  }

  /// The digest of `state`, for the record of the action that led to it; `nil`, and the journal
  /// stopped, when the state cannot be encoded.
  nonisolated func digest<State: Encodable>(of state: State) -> StateDigest? {
    let started = Journal.monotonicNanoseconds()
    do {
      let digest = try StateDigest(of: state)
      let now = Journal.monotonicNanoseconds()
      MainActor.assumeIsolated { digests.took(cost: now - started, length: digest.length, now: now) }
      return digest
    } catch {
      MainActor.assumeIsolated { fail("the state's digest could not be encoded: \(error)") }
      return nil
    }
  }
}
