import Synchronization

extension Effect {
  /// Lets at most one effect with `id` start per `interval`.
  ///
  /// Effects arriving inside the window are dropped, or, with `latest`, the newest of them starts when
  /// the window closes. Throttling applies to effect starts, which for the usual one-action effect is
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
    guard latest else { return .none }
    let windowEnd = lastStart.advanced(by: interval)
    return Self.concatenate(
      .run { _ in
        try await clock.sleep(until: windowEnd, tolerance: nil)
        ThrottleHistory.shared.record(clock.now, for: key)
      },
      self
    )
    .cancellable(id: pendingID, cancelInFlight: true)
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

  private let starts = Mutex<[ThrottleKey: any Sendable]>([:])

  func lastStart<Instant>(_ key: ThrottleKey, as: Instant.Type) -> Instant? {
    starts.withLock { $0[key] as? Instant }
  }

  func record(_ instant: some InstantProtocol, for key: ThrottleKey) {
    starts.withLock { $0[key] = instant }
  }
}
