import Testing

@testable import ComposableArchitecture

/// How often a running application prints the runtime warnings of one call site.
@Suite struct RuntimeWarningThrottleTests {
  @Test func aSiteIsPrintedOnceAWindowAndTheNextPrintCountsWhatWasNot() {
    let throttle = RuntimeWarningThrottle(window: .seconds(60))
    let start = ContinuousClock.now
    #expect(throttle.admit(site: "Feature.swift:12", now: start) == 0)
    for second in 1...3 {
      #expect(throttle.admit(site: "Feature.swift:12", now: start + .seconds(second)) == nil)
    }
    #expect(throttle.admit(site: "Other.swift:3", now: start + .seconds(4)) == 0, "another site has a window of its own")
    #expect(throttle.admit(site: "Feature.swift:12", now: start + .seconds(60)) == 3)
    #expect(throttle.admit(site: "Feature.swift:12", now: start + .seconds(61)) == nil)
    #expect(throttle.admit(site: "Feature.swift:12", now: start + .seconds(121)) == 1)
  }
}
