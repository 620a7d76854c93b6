/// Remembers a pool's recent restarts, to set the backoff and decide between restarting and
/// failing the pool.
struct RestartHistory {
  private var restarts: [ContinuousClock.Instant] = []

  /// The restarts within `policy.window` of `now`.
  mutating func recent(at now: ContinuousClock.Instant, policy: RestartPolicy) -> Int {
    restarts.removeAll { now - $0 > policy.window }
    return restarts.count
  }

  /// Records a restart; returns `false` when it exceeds the policy's intensity, if it has one.
  mutating func record(at now: ContinuousClock.Instant, policy: RestartPolicy) -> Bool {
    let count = recent(at: now, policy: policy)
    restarts.append(now)
    guard let maxRestarts = policy.maxRestarts else { return true }
    return count < maxRestarts
  }

  /// Forgets every restart, when an operator revives a failed pool.
  mutating func reset() {
    restarts.removeAll()
  }
}
