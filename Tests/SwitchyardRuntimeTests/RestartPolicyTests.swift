import Testing
@testable import SwitchyardRuntime

/// Restart backoff and intensity, and the latency histogram behind status percentiles.
struct RestartPolicyTests {
  @Test func backoffDoublesUpToItsCap() {
    let policy = RestartPolicy(initialBackoff: .milliseconds(50), maxBackoff: .milliseconds(300))
    #expect(policy.backoff(afterRecentRestarts: 0) == .milliseconds(50))
    #expect(policy.backoff(afterRecentRestarts: 1) == .milliseconds(100))
    #expect(policy.backoff(afterRecentRestarts: 2) == .milliseconds(200))
    #expect(policy.backoff(afterRecentRestarts: 3) == .milliseconds(300))
    #expect(policy.backoff(afterRecentRestarts: 60) == .milliseconds(300))
  }

  @Test func moreThanMaxRestartsWithinTheWindowIsRefused() {
    let policy = RestartPolicy(maxRestarts: 2, window: .seconds(10))
    let start = ContinuousClock.now
    var history = RestartHistory()
    let allowed = [0, 1, 2].map { history.record(at: start + .seconds($0), policy: policy) }
    #expect(allowed == [true, true, false])
    // Restarts older than the window no longer count.
    var spread = RestartHistory()
    let spreadAllowed = [0, 1, 12].map { spread.record(at: start + .seconds($0), policy: policy) }
    #expect(spreadAllowed == [true, true, true])
  }

  @Test func byDefaultAPoolNeverGivesUp() {
    let policy = RestartPolicy()
    #expect(policy.maxRestarts == nil)
    let start = ContinuousClock.now
    var history = RestartHistory()
    let allowed = (0..<1_000).map { history.record(at: start + .milliseconds($0), policy: policy) }
    #expect(allowed.allSatisfy { $0 })
    #expect(policy.backoff(afterRecentRestarts: history.recent(at: start + .seconds(1), policy: policy)) == policy.maxBackoff)
    // Once restarted workers stay up for a window, the backoff is back to its start.
    #expect(history.recent(at: start + .seconds(12), policy: policy) == 0)
  }

  @Test func percentilesFallWithinABucketOfTheTruth() {
    var histogram = LatencyHistogram()
    for micros in 1...1_000 { histogram.record(.microseconds(micros)) }
    #expect(abs(histogram.percentile(0.5) - 500) / 500 < 0.05)
    #expect(abs(histogram.percentile(0.99) - 990) / 990 < 0.05)
    #expect(LatencyHistogram().percentile(0.5) == 0)
  }
}
