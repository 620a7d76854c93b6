#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

@Suite struct RecordEncodingThreadTests {
  /// The threads a drain ran on.
  final class Drains: Sendable {
    let threads = Mutex<[pthread_t]>([])

    func note() -> String? {
      let thread = pthread_self()
      threads.withLock { $0.append(thread) }
      return nil
    }
  }

  @Test func drainNowTakesTheGatheringBatchOnTheCallingThreadLongBeforeItsDelay() {
    let drains = Drains()
    let thread = RecordEncodingThread(gathering: .seconds(60), drain: { drains.note() }) { _ in }
    defer { _ = thread.stop() }
    let started = ContinuousClock.now
    thread.recordsQueued()
    thread.drainNow()
    let threads = drains.threads.withLock { $0 }
    #expect(threads.count == 1)
    #expect(threads.first.map { pthread_equal($0, pthread_self()) != 0 } == true)
    #expect(started.duration(to: .now) < .seconds(30))
  }

  @Test func drainNowWithNothingQueuedTakesNoBatch() {
    let drains = Drains()
    let thread = RecordEncodingThread(gathering: .milliseconds(1), drain: { drains.note() }) { _ in }
    defer { _ = thread.stop() }
    thread.drainNow()
    #expect(drains.threads.withLock { $0 }.isEmpty)
  }
}
