/// Counts the actions a coordinator's store reduces, for status, and tells the coordinator that
/// state may have changed.
@MainActor
final class ActionTap {
  private(set) var total: UInt64 = 0
  /// Actions per second over the last full second.
  private(set) var perSecond: Double = 0
  var onReduce: (@MainActor () -> Void)?
  private var sampler: Task<Void, Never>?

  func didReduce() {
    total += 1
    onReduce?()
  }

  /// Starts measuring the rate, once a second.
  func startSampling() {
    sampler = Task { [weak self] in
      var last = (count: self?.total ?? 0, at: ContinuousClock.now)
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(1))
        guard let self else { return }
        let now = ContinuousClock.now
        let elapsed = Double((now - last.at).milliseconds) / 1_000
        if elapsed > 0 { perSecond = Double(total - last.count) / elapsed }
        last = (total, now)
      }
    }
  }

  func stopSampling() {
    sampler?.cancel()
    sampler = nil
  }
}
