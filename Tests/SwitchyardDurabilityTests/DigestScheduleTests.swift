import SwitchyardTestSupport
import Testing

@testable import SwitchyardDurability

/// When the live journal digests the state: a hundred times what the next digest will cost after
/// the last, foreseen from the state's size at the cheaper of the last two rates per byte.
@Suite struct DigestScheduleTests {
  @Test func theDigestAfterTheFirstIsDueAtOnce() {
    var schedule = DigestSchedule()
    #expect(schedule.interval == 0)
    // The first pays for code and buffers used for the first time: it delays nothing.
    schedule.took(cost: 150_000, length: 20)
    #expect(schedule.interval == 0)
  }

  /// A schedule that has digested a state of 1,000 bytes twice, at a nanosecond a byte.
  private func afterTwoDigestsAtANanosecondAByte() -> DigestSchedule {
    var schedule = DigestSchedule()
    schedule.took(cost: 1_000, length: 1_000)
    schedule.took(cost: 1_000, length: 1_000)
    return schedule
  }

  @Test func aStateThatGrewWaitsAHundredTimesWhatItsLargerDigestCosts() {
    var schedule = afterTwoDigestsAtANanosecondAByte()
    // Ten times the state, ten times the cost: the wait is a hundred times the new cost, where the
    // lesser of the last two costs waited a hundred times the old one.
    schedule.took(cost: 10_000, length: 10_000)
    #expect(schedule.interval == 10_000 * 100)
  }

  @Test func aDigestSlowedByPreemptionDoesNotHoldOffTheNext() {
    var schedule = afterTwoDigestsAtANanosecondAByte()
    // The same state took fifty times as long: the thread lost its CPU, the state did not grow.
    schedule.took(cost: 50_000, length: 1_000)
    #expect(schedule.interval == 1_000 * 100)
  }

  /// The encoding thread measures each digest it computes; the main actor reads the interval.
  @Test func theCostsOfDigestsComputedOffTheMainActorSpaceTheNext() {
    let costs = DigestCosts(log: { _ in })
    #expect(PendingDigest(of: ["a": 1], costs: costs).computed() != nil && costs.interval == 0)
    #expect(PendingDigest(of: ["a": 1], costs: costs).computed() != nil && costs.interval > 0)
  }

  /// Two digests may wait to be computed, the first two an idle journal takes; a burst on a large
  /// state queues no more than that.
  @Test func atMostTwoDigestsWaitToBeComputed() {
    let costs = DigestCosts(log: { _ in })
    let first = PendingDigest(of: ["a": 1], costs: costs)
    #expect(!costs.waitingAreFull)
    _ = PendingDigest(of: ["a": 2], costs: costs)
    #expect(costs.waitingAreFull)
    _ = first.computed()
    #expect(!costs.waitingAreFull)
  }

  /// A state that cannot be encoded leaves its record without a digest and is not digested again:
  /// the journal goes on recording actions, and says why once.
  @Test func aStateThatCannotBeEncodedIsNotDigestedAgainAndSaysSoOnce() {
    struct Unencodable: Encodable, Sendable {
      func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no JSON for this"))
      }
    }
    let log = LogLines()
    let costs = DigestCosts(log: log.append)
    #expect(PendingDigest(of: Unencodable(), costs: costs).computed() == nil)
    #expect(PendingDigest(of: Unencodable(), costs: costs).computed() == nil)
    #expect(costs.interval >= Int64.max / 4)
    #expect(log.lines.count == 1 && log.lines[0].contains("no longer digested"), "\(log.lines)")
  }
}
