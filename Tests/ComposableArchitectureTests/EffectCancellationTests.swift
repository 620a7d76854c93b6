import ComposableArchitecture
import Testing

/// Exercises cancellation edge cases that TCA itself gets wrong (#1848, #3563).
private struct Canceller: Reducer {
  struct State: Equatable {
    var received: [Int] = []
  }

  enum Action: Equatable {
    case startAndCancelInOneReduction
    case start(Int, cancelInFlight: Bool)
    case cancel
    case concatenated
    case debounced(Int)
    case throttled(Int, latest: Bool)
    case response(Int)
  }

  enum CancelID { case work, debounce, throttle }

  let clock: TestClock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startAndCancelInOneReduction:
      return .merge(
        .run { send in await send(.response(1)) }.cancellable(id: CancelID.work),
        .cancel(id: CancelID.work)
      )
    case let .start(value, cancelInFlight):
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.response(value))
      }
      .cancellable(id: CancelID.work, cancelInFlight: cancelInFlight)
    case .cancel:
      return .cancel(id: CancelID.work)
    case .concatenated:
      return .concatenate(
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.response(1))
        },
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.response(2))
        }
      )
      .cancellable(id: CancelID.work)
    case let .debounced(value):
      return .send(.response(value)).debounce(id: CancelID.debounce, for: .seconds(1), clock: clock)
    case let .throttled(value, latest):
      return .send(.response(value)).throttle(id: CancelID.throttle, for: .seconds(1), clock: clock, latest: latest)
    case let .response(value):
      state.received.append(value)
      return .none
    }
  }
}

@MainActor
@Suite struct EffectCancellationTests {
  @Test func cancelProcessedBeforeTheEffectStartsStillCancelsIt() async {
    let store = Store(initialState: Canceller.State()) { Canceller(clock: TestClock()) }
    await store.send(.startAndCancelInOneReduction).finish()
    #expect(store.received.isEmpty)
  }

  @Test func cancelSentRightAfterStartingWinsTheRace() async {
    let clock = TestClock()
    let store = Store(initialState: Canceller.State()) { Canceller(clock: clock) }
    let task = store.send(.start(1, cancelInFlight: false))
    store.send(.cancel)
    await clock.run()
    await task.finish()
    #expect(store.received.isEmpty)
  }

  @Test func cancelInFlightDeliversOnlyTheLastResult() async {
    let clock = TestClock()
    let store = Store(initialState: Canceller.State()) { Canceller(clock: clock) }
    for value in 1...5 {
      store.send(.start(value, cancelInFlight: true))
    }
    await clock.advance(by: .seconds(1))
    await waitFor { !store.received.isEmpty }
    #expect(store.received == [5])
  }

  @Test func withoutCancelInFlightEveryEffectDelivers() async {
    let clock = TestClock()
    let store = Store(initialState: Canceller.State()) { Canceller(clock: clock) }
    for value in 1...3 {
      store.send(.start(value, cancelInFlight: false))
    }
    await clock.advance(by: .seconds(1))
    await waitFor { store.received.count == 3 }
    #expect(store.received.sorted() == [1, 2, 3])
  }

  @Test func cancellingAConcatenationStopsItsLaterSteps() async {
    let clock = TestClock()
    let store = Store(initialState: Canceller.State()) { Canceller(clock: clock) }
    let task = store.send(.concatenated)
    await clock.advance(by: .seconds(1))
    await waitFor { store.received == [1] }
    store.send(.cancel)
    await clock.run()
    await task.finish()
    #expect(store.received == [1])
  }

  @Test func debounceDeliversOnlyTheLastOfABurst() async {
    let clock = TestClock()
    let store = Store(initialState: Canceller.State()) { Canceller(clock: clock) }
    store.send(.debounced(1))
    await clock.advance(by: .milliseconds(500))
    store.send(.debounced(2))
    await clock.advance(by: .milliseconds(500))
    store.send(.debounced(3))
    await clock.advance(by: .milliseconds(999))
    #expect(store.received.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await waitFor { !store.received.isEmpty }
    #expect(store.received == [3])
  }

  @Test func throttleDeliversTheFirstEffectInsideTheWindowAtItsEnd() async {
    let clock = TestClock()
    let store = Store(initialState: Canceller.State()) { Canceller(clock: clock) }
    store.send(.throttled(1, latest: false))
    store.send(.throttled(2, latest: false))
    await clock.advance(by: .milliseconds(500))
    store.send(.throttled(3, latest: false))
    await clock.advance(by: .milliseconds(500))
    store.send(.throttled(4, latest: false))
    await waitFor { store.received.count == 2 }
    #expect(store.received == [1, 2])
  }

  @Test func throttleLatestDeliversTheNewestWhenTheWindowCloses() async {
    let clock = TestClock()
    let store = Store(initialState: Canceller.State()) { Canceller(clock: clock) }
    store.send(.throttled(1, latest: true))
    store.send(.throttled(2, latest: true))
    store.send(.throttled(3, latest: true))
    #expect(store.received == [1])
    await clock.advance(by: .seconds(1))
    await waitFor { store.received.count == 2 }
    #expect(store.received == [1, 3])
  }
}

/// Yields until `condition` holds, for plain `Store`s whose effects hop back to the main actor.
@MainActor
func waitFor(_ condition: () -> Bool) async {
  for _ in 0..<10_000 where !condition() {
    await Task.yield()
  }
}
