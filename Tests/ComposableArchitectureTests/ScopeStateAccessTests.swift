import ComposableArchitecture
import Testing

// `Scope` reduces a stored child property in place at its byte offset and any other property
// through its key path. Both must leave exactly the same state behind.

private struct ScopedCounter: Reducer {
  enum Action { case add(Int) }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    guard case let .add(amount) = action else { return .none }
    state += amount
    return .none
  }
}

private final class Box {
  var value = 0
}

private struct ScopedParent: Reducer {
  struct Inner: Equatable {
    var flag: Int8 = 1
    var wide: Int64 = 2
    var count = 0
  }

  struct State {
    var name = "parent"
    var stored = 0
    var inner = Inner()
    var box = Box()
    var doubled: Int {
      get { storedForComputed / 2 }
      set { storedForComputed = newValue * 2 }
    }
    var storedForComputed = 0
    var boxed: Int {
      get { box.value }
      set { box.value = newValue }
    }
  }

  enum Action: CasePathable {
    case stored(ScopedCounter.Action)
    case nested(ScopedCounter.Action)
    case computed(ScopedCounter.Action)
    case boxed(ScopedCounter.Action)

    struct AllCasePaths {
      var stored: AnyCasePath<Action, ScopedCounter.Action> { /Action.stored }
      var nested: AnyCasePath<Action, ScopedCounter.Action> { /Action.nested }
      var computed: AnyCasePath<Action, ScopedCounter.Action> { /Action.computed }
      var boxed: AnyCasePath<Action, ScopedCounter.Action> { /Action.boxed }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.stored, action: \.stored) { ScopedCounter() }
    Scope(state: \.inner.count, action: \.nested) { ScopedCounter() }
    Scope(state: \.doubled, action: \.computed) { ScopedCounter() }
    Scope(state: \.boxed, action: \.boxed) { ScopedCounter() }
  }
}

@MainActor
@Suite struct ScopeStateAccessTests {
  @Test func storedNestedComputedAndReferenceBackedPropertiesAreReduced() {
    #expect(MemoryLayout<ScopedParent.State>.offset(of: \ScopedParent.State.stored) != nil)
    #expect(MemoryLayout<ScopedParent.State>.offset(of: \ScopedParent.State.inner.count) != nil)
    #expect(MemoryLayout<ScopedParent.State>.offset(of: \ScopedParent.State.doubled) == nil)

    let store = Store(initialState: ScopedParent.State()) { ScopedParent() }
    for _ in 0..<3 {
      store.send(.stored(.add(2)))
      store.send(.nested(.add(3)))
      store.send(.computed(.add(5)))
      store.send(.boxed(.add(7)))
    }
    #expect(store.stored == 6)
    #expect(store.inner == ScopedParent.Inner(flag: 1, wide: 2, count: 9))
    #expect(store.doubled == 15)
    #expect(store.storedForComputed == 30)
    #expect(store.boxed == 21)
    #expect(store.name == "parent")
  }
}
