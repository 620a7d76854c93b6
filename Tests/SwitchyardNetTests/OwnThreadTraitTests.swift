import Synchronization
import Testing

@testable import SwitchyardTestSupport

/// The trait CPU-heavy tests here use really takes them off Swift's cooperative pool.
struct OwnThreadTraitTests {
  @Test(.onAThreadOfItsOwn) func aSynchronousTestRunsOnItsOwnThread() {
    #expect(OwnThreadTrait.isCurrent)
  }

  @Test(.onAThreadOfItsOwn) func anAsynchronousTestStaysOnItsOwnThreadAcrossAwaits() async throws {
    try await Task.sleep(for: .milliseconds(1))
    #expect(OwnThreadTrait.isCurrent)
  }

  @Test func aTestWithoutTheTraitRunsOnThePool() {
    #expect(!OwnThreadTrait.isCurrent)
  }

  /// A task a test left running can still be enqueued on the executor after the test: it runs
  /// elsewhere, rather than never.
  @Test func aJobArrivingAfterTheThreadEndedStillRuns() async throws {
    let executor = ThreadExecutor()
    executor.finish()
    try await eventually("the thread ends") { executor.hasEnded }
    let ran = Atomic<Bool>(false)
    Task(executorPreference: executor) { ran.store(true, ordering: .releasing) }
    try await eventually("the job enqueued after the end ran") { ran.load(ordering: .acquiring) }
  }
}
