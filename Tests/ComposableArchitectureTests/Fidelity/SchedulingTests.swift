@testable import ComposableArchitecture
import Dispatch
import Foundation
import Testing

/// A test store asked for the main serial executor runs the work it starts one job at a time, so an
/// advance of the test clock and the effects it wakes interleave the same way on every run.
@MainActor
@Suite struct SchedulingTests {
  private func makeStore(_ state: Host.State, clock: TestClock<Duration>) -> TestStoreOf<Host> {
    let store = TestStore(initialState: state) { Host() } withDependencies: { $0.continuousClock = clock }
    store.useMainSerialExecutor = true
    return store
  }

  @Test func aTestStoreAskedForTheMainSerialExecutorHoldsItWhileItLives() async {
    let store = TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    #expect(!store.useMainSerialExecutor, "off unless asked for")
    store.useMainSerialExecutor = true
    #expect(uncheckedUseMainSerialExecutor)
    #expect(store.useMainSerialExecutor)
    // Work started from the main thread, even a detached task, runs on the main queue.
    let mainQueueKey = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: 1)
    #expect(await Task.detached { DispatchQueue.getSpecific(key: mainQueueKey) == 1 }.value)
    // Work another thread starts (another suite's, in parallel) keeps Swift's global executor.
    let elsewhere = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        Task.detached { continuation.resume(returning: DispatchQueue.getSpecific(key: mainQueueKey) == 1) }
      }
    }
    #expect(!elsewhere)
    _ = store
  }

  @Test func theLastClaimRestoresTheFlagAsTheFirstFoundIt() {
    for initial in [false, true] {
      let flag = LockIsolated(initial)
      let claims = MainSerialExecutorClaims(read: { flag.value }, write: { flag.setValue($0) })
      claims.claim()
      #expect(flag.value)
      claims.claim()
      claims.release()
      #expect(flag.value, "a claim still holds it")
      claims.release()
      #expect(flag.value == initial)
    }
  }

  @Test func withMainSerialExecutorRunsDetachedWorkOnTheMainQueue() async {
    let mainQueueKey = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: 1)
    let onMainQueue = await withMainSerialExecutor {
      await Task.detached { DispatchQueue.getSpecific(key: mainQueueKey) == 1 }.value
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
