import Testing

@testable import SwitchyardRuntime

/// How far apart the coordinator publishes state to subscribers.
@Suite struct StatePublicationTests {
  @Test func publicationsAreFiveMillisecondsApartWhileTheStateIsCheapToEncode() {
    var publication = StatePublication<Int>()
    let start = ContinuousClock.now
    #expect(publication.delayBeforeNext(now: start) == .zero)
    let first = publication.shouldPublish(1, now: start)
    #expect(first)
    publication.published(cost: .microseconds(50))
    #expect(publication.delayBeforeNext(now: start + .milliseconds(1)) == .milliseconds(4))
    #expect(publication.delayBeforeNext(now: start + .milliseconds(6)) == .zero)
  }

  /// One subscriber to a 27 MB state cut a coordinator's actions a hundredfold while every burst
  /// encoded it on the main actor.
  @Test func aStateSlowToEncodeIsPublishedAtNineTimesItsCostApart() {
    var publication = StatePublication<Int>()
    let start = ContinuousClock.now
    let first = publication.shouldPublish(1, now: start)
    #expect(first)
    publication.published(cost: .milliseconds(40))
    #expect(publication.delayBeforeNext(now: start + .milliseconds(40)) == .milliseconds(320))
    #expect(publication.delayBeforeNext(now: start + .milliseconds(360)) == .zero)
  }

  @Test func anUnchangedStateIsNotPublishedAgain() {
    var publication = StatePublication<Int>()
    let published = [1, 1, 2].map { publication.shouldPublish($0) }
    #expect(published == [true, false, true])
  }
}
