import SwitchyardRedis
import SwitchyardWire
import Testing
@testable import SwitchyardRedisTransport

/// A remote worker's held jobs: a cancel of a job it holds releases it, a cancel that comes first
/// makes the job be acknowledged unrun when it is read, and the remembered cancels are bounded.
struct HeldJobsTests {
  private func job(_ effect: UInt64, generation: UInt32 = 1) -> StreamMessage<Run> {
    StreamMessage(id: StreamEntryID(milliseconds: effect, sequence: 0), message: Run(effect: effect, generation: generation, kind: "k", job: nil))
  }

  @Test func aCancelReleasesTheHeldJobOfItsGenerationOnly() {
    var held = HeldJobs()
    _ = held.hold([job(1, generation: 2)])
    #expect(held.cancel(Cancel(effect: 1, generation: 1)) == nil, "an older attempt's cancel")
    #expect(held.count == 1)
    #expect(held.cancel(Cancel(effect: 1, generation: 2)) == job(1, generation: 2))
    #expect(held.count == 0)
  }

  @Test func aJobWhoseCancelCameFirstIsNotStarted() {
    var held = HeldJobs()
    #expect(held.cancel(Cancel(effect: 5, generation: 1)) == nil)
    let (started, cancelled) = held.hold([job(4), job(5), job(5, generation: 2)])
    #expect(started.map(\.message.effect) == [4, 5] && started.last?.message.generation == 2, "a retry is another attempt")
    #expect(cancelled == [job(5)])
    let (again, _) = held.hold([job(5)])
    #expect(again == [job(5)], "a cancel is used once")
  }

  @Test func rememberedCancelsAreBoundedOldestFirst() {
    var held = HeldJobs()
    for effect in 0..<UInt64(HeldJobs.rememberedCancels + 1) {
      _ = held.cancel(Cancel(effect: effect, generation: 1))
    }
    let (started, cancelled) = held.hold([job(0), job(1), job(UInt64(HeldJobs.rememberedCancels))])
    #expect(started == [job(0)], "the oldest cancel was forgotten")
    #expect(cancelled.map(\.message.effect) == [1, UInt64(HeldJobs.rememberedCancels)])
  }
}
