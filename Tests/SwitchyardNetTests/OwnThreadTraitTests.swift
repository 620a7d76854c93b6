import SwitchyardTestSupport
import Testing

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
}
