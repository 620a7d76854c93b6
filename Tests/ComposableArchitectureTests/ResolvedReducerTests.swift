import ComposableArchitecture
import Testing

// A store builds each reducer's body once, on the first action that reaches it, and reuses it.
// These tests pin down what must not change with that: dependencies still come from the store
// running the reducer, closures still see the reducer's own values, and recursive features work.

/// Counts body evaluations; shared by reference so every copy of a reducer counts into one place.
private final class BodyCount: @unchecked Sendable {
  var value = 0
}

private struct Counting: Reducer {
  let count: BodyCount
  let step: Int

  enum Action: CasePathable {
    case tap
    case child(Counting.ChildAction)

    struct AllCasePaths {
      var child: AnyCasePath<Action, ChildAction> { /Action.child }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  enum ChildAction { case tap }

  struct State: Equatable {
    var total = 0
    var child = 0
  }

  @Dependency(\.greeter) var greeter

  var body: some ReducerOf<Self> {
    let _ = count.value += 1
    Scope(state: \.child, action: \.child) {
      Reduce { state, _ in
        state += step
        return .none
      }
    }
    Reduce { state, action in
      // `step` is this reducer's own stored value; `greeter` is read now, from the store.
      if case .tap = action { state.total += step * greeter.greet("x").count }
      return .none
    }
  }
}

private struct Tree: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var taps = 0
    var children: IdentifiedArrayOf<State> = []
  }

  indirect enum Action: CasePathable {
    case tap
    case children(IdentifiedActionOf<Tree>)

    struct AllCasePaths {
      var children: AnyCasePath<Action, IdentifiedActionOf<Tree>> { /Action.children }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .tap = action { state.taps += 1 }
      return .none
    }
    .forEach(\.children, action: \.children) { Tree() }
  }
}

@MainActor
@Suite struct ResolvedReducerTests {
  @Test func aStoreBuildsTheBodyOnce() {
    let count = BodyCount()
    let store = Store(initialState: Counting.State()) {
      Counting(count: count, step: 2)
    } withDependencies: {
      $0.greeter = Greeter { $0 }
    }
    for _ in 0..<5 {
      store.send(.tap)
      store.send(.child(.tap))
    }
    #expect(store.total == 10)
    #expect(store.child == 10)
    #expect(count.value == 1)
  }

  @Test func eachStoreReadsItsOwnDependenciesThroughOneReducerValue() {
    let reducer = Counting(count: BodyCount(), step: 1)
    let short = Store(initialState: Counting.State()) { reducer } withDependencies: {
      $0.greeter = Greeter { $0 }
    }
    let long = Store(initialState: Counting.State()) { reducer } withDependencies: {
      $0.greeter = Greeter { "Hello, \($0)!" }
    }
    short.send(.tap)
    long.send(.tap)
    short.send(.tap)
    #expect(short.total == 2)
    #expect(long.total == 9)
  }

  @Test func aRecursiveFeatureResolvesOnlyWhatItReaches() {
    let leaf = Tree.State(id: 3)
    let store = Store(
      initialState: Tree.State(id: 1, children: [Tree.State(id: 2, children: [leaf])])
    ) {
      Tree()
    }
    store.send(.children(.element(id: 2, action: .children(.element(id: 3, action: .tap)))))
    store.send(.children(.element(id: 2, action: .tap)))
    #expect(store.children[id: 2]?.taps == 1)
    #expect(store.children[id: 2]?.children[id: 3]?.taps == 1)
    #expect(store.taps == 0)
  }
}
