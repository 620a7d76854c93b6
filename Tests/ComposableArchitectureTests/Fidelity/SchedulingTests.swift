@testable import ComposableArchitecture
import Dispatch
import Foundation
import Testing

/// A test store runs its effects' work on the main serial executor, as TCA's does by default, so an
/// advance of the test clock and the effects it wakes interleave the same way on every run.
@MainActor
@Suite struct SchedulingTests {
  private func makeStore(_ state: Host.State, clock: TestClock<Duration>) -> TestStoreOf<Host> {
    TestStore(initialState: state) { Host() } withDependencies: { $0.continuousClock = clock }
  }

  @Test func aTestStoreRunsItsEffectsOnTheMainSerialExecutorUnlessTheFlagSaysOtherwise() async {
    #expect(uncheckedUseMainSerialExecutor, "on unless set otherwise, as in TCA")
    let store = TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    #expect(store.useMainSerialExecutor)
    store.useMainSerialExecutor = false
    #expect(!store.useMainSerialExecutor)
  }

  @Test func withMainSerialExecutorRunsChildWorkOnTheMainQueue() async {
    let mainQueueKey = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: 1)
    let onMainQueue = await withMainSerialExecutor {
      async let child = { DispatchQueue.getSpecific(key: mainQueueKey) == 1 }()
      return await child
    }
    #expect(onMainQueue)
  }

  @Test func aTimerInAnIfLetChildTicksOncePerSecondAdvanced() async {
    let clock = TestClock()
    let store = makeStore(Host.State(inline: Ticker.State(id: 1)), clock: clock)
    await store.send(.inline(.start))
    await clock.advance(by: .seconds(2))
    await store.receive(.inline(.tick)) { $0.inline?.ticks = 1 }
    await store.receive(.inline(.tick)) { $0.inline?.ticks = 2 }
    await store.send(.cancelTimers)
  }

  @Test func aTimerInAStackElementTicksOncePerSecondAdvanced() async {
    let clock = TestClock()
    let store = makeStore(Host.State(path: [Ticker.State(id: 1)]), clock: clock)
    await store.send(.path(.element(id: 0, action: .start)))
    await clock.advance(by: .seconds(3))
    for ticks in 1...3 {
      await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = ticks }
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path = [] }
  }

  @Test func aTimerInAPresentedChildTicksOncePerSecondAdvanced() async {
    let clock = TestClock()
    let store = makeStore(Host.State(sheet: Ticker.State(id: 1)), clock: clock)
    await store.send(.sheet(.presented(.start)))
    await clock.advance(by: .seconds(2))
    await store.receive(.sheet(.presented(.tick))) { $0.sheet?.ticks = 1 }
    await store.receive(.sheet(.presented(.tick))) { $0.sheet?.ticks = 2 }
    await store.send(.sheet(.dismiss)) { $0.sheet = nil }
  }
}
