import ComposableArchitecture
import Testing

/// A reducer that logs every action, to observe the order in which the store reduces them.
private struct Recorder: Reducer {
  struct State: Equatable {
    var log: [String] = []
    var count = 0
  }

  enum Action: Equatable {
    case start
    case first
    case second
    case third
    case increment
    case noop
    case mergeSends
    case concatenateSends
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("\(action)")
    switch action {
    case .start:
      return .merge(.send(.first), .send(.second))
    case .first:
      return .send(.third)
    case .second, .third, .noop:
      return .none
    case .increment:
      state.count += 1
      return .none
    case .mergeSends:
      return .merge(
        .run { send in
          await Task.yield()
          await send(.second)
        },
        .send(.first)
      )
    case .concatenateSends:
      return .concatenate(
        .run { send in
          for _ in 0..<10 { await Task.yield() }
          await send(.first)
        },
        .send(.second),
        .run { send in await send(.third) }
      )
    }
  }
}

@MainActor
@Suite struct StoreTests {
  @Test func onReduceSeesEachActionInOrderWithTheStateItLeft() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    var seen: [String] = []
    store.onReduce { action, state in seen.append("\(action) \(state.log.count)") }
    await store.send(.start).finish()
    #expect(seen == ["start 1", "first 2", "second 3", "third 4"])
  }

  @Test func actionsSentWhileReducingAreBufferedInOrder() {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    store.send(.start)
    // `.first`'s own `.send(.third)` waits behind `.second`, which was buffered earlier.
    #expect(store.log == ["start", "first", "second", "third"])
  }

  @Test func stateIsObservedOnlyBetweenActions() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    var seen: [[String]] = []
    let stream = store.observe(\.log)
    store.send(.start)
    for await log in stream {
      seen.append(log)
      if seen.count == 2 { break }
    }
    #expect(seen == [[], ["start", "first", "second", "third"]])
  }

  @Test func observationEmitsOnlyOnChange() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    let counts = store.observe(\.count)
    store.send(.noop)
    store.send(.noop)
    store.send(.increment)
    store.send(.noop)
    store.send(.increment)
    var values: [Int] = []
    for await count in counts {
      values.append(count)
      if count == 2 { break }
    }
    #expect(values == [0, 1, 2])
  }

  @Test func concatenateRunsEachEffectAfterThePreviousFinishes() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    await store.send(.concatenateSends).finish()
    // `.first` feeds back `.third` at once; the concatenation's own `.third` comes last.
    #expect(store.log == ["concatenateSends", "first", "third", "second", "third"])
  }

  @Test func mergeRunsSynchronousSendsBeforeAsyncWork() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    await store.send(.mergeSends).finish()
    #expect(store.log == ["mergeSends", "first", "third", "second"])
  }

  @Test func scopedStoresReadThroughAndAreCached() {
    let store = Store(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.todoClient = .testValue
    }
    let profile = store.scope(state: \.profile, action: \.profile)
    #expect(profile === store.scope(state: \.profile, action: \.profile))
    profile.send(.nameChanged("Blob"))
    #expect(store.profile.name == "Blob")
    #expect(profile.name == "Blob")
  }

  @Test func scopingOptionalStateGivesAnOptionalStore() {
    let store = Store(initialState: Parent.State()) { Parent() }
    #expect(store.scope(state: \.child, action: \.child) == nil)
    store.send(.present)
    let child = store.scope(state: \.child, action: \.child)
    child?.send(.increment)
    #expect(store.child?.count == 1)
  }

  @Test func bindingReadsStateAndWritesBySendingAnAction() {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    let binding = store.binding(get: \.count, send: { _ in .increment })
    binding.wrappedValue = 42
    #expect(binding.wrappedValue == 1)
  }

  @Test func cancellingAStoreTaskCancelsItsEffects() async {
    let clock = TestClock()
    let store = Store(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.toggleTimerButtonTapped)
    await clock.advance(by: .seconds(2))
    #expect(store.count == 2)
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(2))
    #expect(store.count == 2)
    #expect(task.isCancelled)
  }
}

/// A parent with optional child state, for `ifLet` and optional scoping.
struct Parent: Reducer {
  struct State: Equatable {
    var child: Child.State?
  }

  enum Action {
    case present
    case dismiss
    case child(Child.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .present:
        state.child = Child.State()
        return .none
      case .dismiss:
        state.child = nil
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.child, action: \.child) {
      Child()
    }
  }
}

extension Parent.Action: CasePathable {
  struct AllCasePaths {
    var child: AnyCasePath<Parent.Action, Child.Action> { /Parent.Action.child }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// A child that counts and can run a long-lived timer.
struct Child: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case startTimer
    case tick
  }

  @Dependency(\.continuousClock) var clock

  enum CancelID { case timer }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment, .tick:
      state.count += 1
      return .none
    case .startTimer:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    }
  }
}
