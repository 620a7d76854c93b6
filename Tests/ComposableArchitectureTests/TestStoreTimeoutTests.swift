import ComposableArchitecture
import Dispatch
import Foundation
import Testing

/// A test store's timeout counts the time its effects had the main actor to hop back on: suites
/// running in parallel in one process hold the main actor too, and that is no effect's slowness.
@MainActor
@Suite struct TestStoreTimeoutTests {
  struct Hops: Reducer {
    struct State: Equatable { var finished = false }
    enum Action: Equatable { case started, finished }
    let gate: AsyncStream<Void>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .started:
        return .run { send in
          for await _ in gate { break }
          // Each yield is another turn through the main serial executor.
          for _ in 0..<10 { await Task.yield() }
          await send(.finished)
        }
      case .finished:
        state.finished = true
        return .none
      }
    }
  }

  @Test func aMainActorHeldElsewhereLongerThanTheTimeoutDoesNotFailAnEffectStillHopping() async {
    let (gate, opening) = AsyncStream<Void>.makeStream()
    let store = TestStore(initialState: Hops.State(), reducer: { Hops(gate: gate) }, timeout: .milliseconds(100))
    await store.send(.started)
    // Another suite's work holding the main thread for longer than the whole timeout, after
    // which the effect still needs its ten turns.
    DispatchQueue.main.async {
      usleep(300_000)
      opening.yield()
    }
    let before = ContinuousClock.now
    await store.receive(.finished) { $0.finished = true }
    #expect(ContinuousClock.now - before >= .milliseconds(300))
  }

  @Test func anEffectThatNeverDeliversStillFailsOnceTheTimeoutPasses() async {
    let (gate, opening) = AsyncStream<Void>.makeStream()
    let store = TestStore(initialState: Hops.State(), reducer: { Hops(gate: gate) }, timeout: .milliseconds(100))
    let task = await store.send(.started)
    let before = ContinuousClock.now
    await withKnownIssue {
      await store.receive(.finished) { $0.finished = true }
    } matching: { issue in
      issue.description.contains("Expected to receive an action, but received none after 0.1 seconds")
        || issue.description.contains("Expected to receive the following action, but didn't")
    }
    #expect(ContinuousClock.now - before >= .milliseconds(100))
    opening.finish()
    await task.cancel()
  }
}
