import Testing

@testable import SwitchyardWorkers

@Suite struct BackoffTests {
  @Test func doublesFromTheInitialWaitUpToTheMaximum() {
    let backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(1))
    #expect((1...6).map { backoff.delay(afterFailures: $0) } == [100, 200, 400, 800, 1000, 1000].map(Duration.milliseconds))
    #expect(backoff.delay(afterFailures: 10_000) == .seconds(1))
  }

  @Test func jitterShortensAWaitByAtMostItsFraction() {
    let backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(1), jitter: 0.5)
    #expect(backoff.delay(afterFailures: 2, random: 0) == .milliseconds(200))
    #expect(backoff.delay(afterFailures: 2, random: 0.5) == .milliseconds(150))
    #expect(backoff.delay(afterFailures: 2, random: 1) == .milliseconds(100))
  }

  @Test func clampsJitterToAFraction() {
    #expect(Backoff(initial: .seconds(1), maximum: .seconds(1), jitter: 7).jitter == 1)
    #expect(Backoff(initial: .seconds(1), maximum: .seconds(1), jitter: -1).jitter == 0)
  }
}
