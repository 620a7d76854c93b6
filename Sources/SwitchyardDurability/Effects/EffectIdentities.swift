import Synchronization

/// Names the remote effects the reduction under way creates: the journal moves it on as it
/// appends, and the executor takes the next name without waiting for the main actor, where a
/// reduction runs anyway.
final class EffectIdentities: Sendable {
  private let state = Mutex<EffectIdentity>(EffectIdentity(action: 1, index: 0))

  /// The identity of the next effect created.
  func next() -> EffectIdentity {
    state.withLock { next in
      defer { next.index += 1 }
      return next
    }
  }

  /// Effects created from now on belong to the action that will be record `sequence`; returns how
  /// many were created for the action before it.
  @discardableResult
  func reset(to sequence: UInt64) -> Int {
    state.withLock { next in
      defer { next = EffectIdentity(action: sequence, index: 0) }
      return next.action == sequence - 1 ? next.index : 0
    }
  }
}
