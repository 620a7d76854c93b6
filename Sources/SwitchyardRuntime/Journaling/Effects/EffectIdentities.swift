import Synchronization

/// Names the remote effects the reduction under way creates, and keeps the names of those not yet
/// ended: the journal moves the naming on as it appends, and lists the effects in flight after a
/// snapshot, which replay from that snapshot cannot make again.
///
/// Shared with the executor, which names an effect without waiting for the main actor, where a
/// reduction runs anyway.
final class EffectIdentities: Sendable {
  private struct State {
    var next = EffectIdentity(action: 1, index: 0)
    var inFlight: Set<EffectIdentity> = []
  }

  private let state = Mutex(State())

  /// The identity of the next effect created, in flight from now on.
  func next() -> EffectIdentity {
    state.withLock { state in
      let identity = state.next
      state.next.index += 1
      state.inFlight.insert(identity)
      return identity
    }
  }

  /// Uses up the next identity for an effect the journal does not follow (one not run on the
  /// pools): replay names every remote effect, so the names after it stay the same.
  func skip() {
    state.withLock { $0.next.index += 1 }
  }

  /// Effects created from now on belong to the action that will be record `sequence`.
  func reset(to sequence: UInt64) {
    state.withLock { $0.next = EffectIdentity(action: sequence, index: 0) }
  }

  /// Counts `identity` in flight: an effect a restarted coordinator runs again.
  func track(_ identity: EffectIdentity) {
    _ = state.withLock { $0.inFlight.insert(identity) }
  }

  /// The effect `identity` names has ended, or will never start.
  func ended(_ identity: EffectIdentity) {
    _ = state.withLock { $0.inFlight.remove(identity) }
  }

  /// The effects in flight that actions up to record `sequence` created, oldest first.
  func inFlight(through sequence: UInt64) -> [EffectIdentity] {
    state.withLock { state in
      state.inFlight.filter { $0.action <= sequence }
    }
    .sorted { ($0.action, $0.index) < ($1.action, $1.index) }
  }
}
