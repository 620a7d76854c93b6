import ComposableArchitecture
import Testing

/// Starts sleeping effects under ids of any type, and cancels by id.
private struct Sleepers: Reducer {
  struct State: Equatable {
    var woke: [String] = []
  }

  enum Action: Equatable {
    case sleep(String, id: AnyHashableSendableID)
    case cancel(AnyHashableSendableID)
    case woke(String)
  }

  let clock: TestClock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .sleep(name, id):
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.woke(name))
      }
      .cancellable(id: id.base)
    case let .cancel(id):
      return .cancel(id: id.base)
    case let .woke(name):
      state.woke.append(name)
      return .none
    }
  }
}

/// A cancel id of some type, carried in an `Equatable` action.
private struct AnyHashableSendableID: Equatable, Sendable {
  let base: any Hashable & Sendable

  static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }
}

@MainActor
@Suite struct CancelIDTests {
  @Test func cancellingAnIdCancelsEveryEffectUnderItAndNoOther() async {
    let clock = TestClock()
    let store = Store(initialState: Sleepers.State()) { Sleepers(clock: clock) }
    let tasks = [
      store.send(.sleep("a1", id: AnyHashableSendableID(base: "a"))),
      store.send(.sleep("a2", id: AnyHashableSendableID(base: "a"))),
      store.send(.sleep("a3", id: AnyHashableSendableID(base: "a"))),
      store.send(.sleep("b", id: AnyHashableSendableID(base: "b"))),
    ]
    store.send(.cancel(AnyHashableSendableID(base: "a")))
    await clock.run()
    for task in tasks { await task.finish() }
    #expect(store.woke == ["b"])
  }

  @Test func anEffectThatEndedNoLongerAnswersToItsId() async {
    let clock = TestClock()
    let store = Store(initialState: Sleepers.State()) { Sleepers(clock: clock) }
    let first = store.send(.sleep("first", id: AnyHashableSendableID(base: "a")))
    await clock.run()
    await first.finish()
    let second = store.send(.sleep("second", id: AnyHashableSendableID(base: "a")))
    store.send(.cancel(AnyHashableSendableID(base: "a")))
    await clock.run()
    await second.finish()
    #expect(store.woke == ["first"])
  }

  @Test func idsCompareAsAnyHashableDoes() async {
    // `AnyHashable` equates integers of different types, so TCA cancels `1 as Int` with `1 as Int8`.
    let clock = TestClock()
    let store = Store(initialState: Sleepers.State()) { Sleepers(clock: clock) }
    let task = store.send(.sleep("int", id: AnyHashableSendableID(base: 1 as Int)))
    let other = store.send(.sleep("two", id: AnyHashableSendableID(base: 2 as Int)))
    store.send(.cancel(AnyHashableSendableID(base: 1 as Int8)))
    await clock.run()
    await task.finish()
    await other.finish()
    #expect(store.woke == ["two"])
  }
}
