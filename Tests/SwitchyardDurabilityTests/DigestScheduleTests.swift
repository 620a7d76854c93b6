import Testing
@testable import SwitchyardDurability

@testable import SwitchyardRuntime

/// When the live journal digests the state: after a hundred times what the next digest will cost,
/// foreseen from the state's size at the cheaper of the last two rates per byte.
@Suite struct DigestScheduleTests {
  @Test func theDigestAfterTheFirstIsDueAtOnce() {
    var schedule = DigestSchedule()
    #expect(schedule.isDue(now: 0))
    // The first pays for code and buffers used for the first time: it delays nothing.
    schedule.took(cost: 150_000, length: 20, now: 1_000)
    #expect(schedule.isDue(now: 1_000))
  }

  /// A schedule that has digested a state of 1,000 bytes twice, at a nanosecond a byte.
  private func afterTwoDigestsAtANanosecondAByte() -> DigestSchedule {
    var schedule = DigestSchedule()
    schedule.took(cost: 1_000, length: 1_000, now: 0)
    schedule.took(cost: 1_000, length: 1_000, now: 10_000)
    return schedule
  }

  @Test func aStateThatGrewWaitsAHundredTimesWhatItsLargerDigestCosts() {
    var schedule = afterTwoDigestsAtANanosecondAByte()
    // Ten times the state, ten times the cost: the wait is a hundred times the new cost, where the
    // lesser of the last two costs waited a hundred times the old one.
    schedule.took(cost: 10_000, length: 10_000, now: 20_000)
    #expect(schedule.notBefore == 20_000 + 10_000 * 100)
    #expect(!schedule.isDue(now: schedule.notBefore - 1))
  }

  @Test func aDigestSlowedByPreemptionDoesNotHoldOffTheNext() {
    var schedule = afterTwoDigestsAtANanosecondAByte()
    // The same state took fifty times as long: the thread lost its CPU, the state did not grow.
    schedule.took(cost: 50_000, length: 1_000, now: 100_000)
    #expect(schedule.notBefore == 100_000 + 1_000 * 100)
  }
}
