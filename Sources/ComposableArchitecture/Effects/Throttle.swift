import Synchronization

extension Effect {
  /// Lets at most one effect with `id` start per `interval`.
  ///
  /// Of the effects arriving inside the window, one starts when the window closes: the newest with
  /// `latest`, otherwise the first, as TCA's throttle delivers them. Throttling applies to effect starts, which for the usual one-action effect is
  /// the same as throttling the actions it sends.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable,
    for interval: C.Duration,
    clock: C,
    latest: Bool
  ) -> Self {
    let key = ThrottleKey(
      id: EffectCancelID(id: id, navigationIDPath: DependencyValues._current.navigationIDPath),
      clock: C.self is AnyClass ? ObjectIdentifier(clock as AnyObject) : nil
    )
    let pendingID = ThrottlePendingID(key: key)
    let now = clock.now
    guard let lastStart = ThrottleHistory.shared.lastStart(key, as: C.Instant.self),
      lastStart.advanced(by: interval) > now
    else {
      ThrottleHistory.shared.record(now, for: key)
      return .merge(.cancel(id: pendingID), self)
    }
    // Inside the window one effect waits for it to close: the newest with `latest`, else the first.
    if !latest, !ThrottleHistory.shared.claimPending(key) { return .none }
    let windowEnd = lastStart.advanced(by: interval)
    return Self.concatenate(
      .run { _ in
        try await clock.sleep(until: windowEnd, tolerance: nil)
        ThrottleHistory.shared.record(clock.now, for: key)
      },
      self
    )
    .cancellable(id: pendingID, cancelInFlight: latest)
  }
}

/// What a throttle window belongs to: the effect id, and the clock when it is an object.
///
/// Two test clocks keep separate histories, so tests running in parallel cannot throttle each other.
private struct ThrottleKey: Hashable, Sendable {
  let id: EffectCancelID
  let clock: ObjectIdentifier?
}

/// The id under which a delayed "latest" throttled effect waits for its window to close.
private struct ThrottlePendingID: Hashable, Sendable {
  let key: ThrottleKey
}

/// When each throttled id last started an effect, shared by every store as TCA's is.
private final class ThrottleHistory: Sendable {
  static let shared = ThrottleHistory()

  private struct State {
    var starts: [ThrottleKey: any Sendable] = [:]
    /// Keys whose window already has an effect waiting for it to close.
    var pending: Set<ThrottleKey> = []
  }

  private let state = Mutex(State())

  func lastStart<Instant>(_ key: ThrottleKey, as: Instant.Type) -> Instant? {
    state.withLock { $0.starts[key] as? Instant }
  }

  /// Records a start, which also ends the window's wait.
  func record(_ instant: some InstantProtocol, for key: ThrottleKey) {
    state.withLock {
      $0.starts[key] = instant
      $0.pending.remove(key)
    }
  }

  /// Claims the window's one waiting slot; false when an effect already waits in it.
  func claimPending(_ key: ThrottleKey) -> Bool {
    state.withLock { $0.pending.insert(key).inserted }
  }
}
