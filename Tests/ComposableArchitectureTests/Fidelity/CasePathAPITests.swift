import ComposableArchitecture
import Testing

private enum Destination: Equatable {
  case edit(String)
  case detail(Int)
}

@MainActor
@Suite struct CasePathAPITests {
  @Test func aCasePathIntoAnOptionalRootMatchesTheWrappedCase() {
    let path: AnyCasePath<Destination?, String> = /Destination.edit
    #expect(path.extract(from: .edit("a")) == "a")
    #expect(path.extract(from: .detail(1)) == nil)
    #expect(path.extract(from: nil) == nil)
    #expect(path.embed("b") == .edit("b"))
    let some: AnyCasePath<Int?, Int> = /Optional.some
    #expect(some.extract(from: 3) == 3)
  }

  @Test func modifyChangesTheCaseInPlace() throws {
    var destination = Destination.edit("a")
    try (/Destination.edit).modify(&destination) { $0 += "b" }
    #expect(destination == .edit("ab"))
    #expect(throws: CasePathExtractionFailed.self) {
      try (/Destination.detail).modify(&destination) { $0 += 1 }
    }
  }

  @Test func presentationStateIsReadAndChangedByCase() {
    var state = PresentationState(wrappedValue: Destination.edit("a"))
    state[case: /Destination.edit]? += "b"
    #expect(state.wrappedValue == .edit("ab"))
    #expect(state[case: /Destination.detail] == nil)
    withKnownIssue {
      state[case: /Destination.detail] = 1
    } matching: {
      $0.description.contains(#"Can't modify unrelated case "edit""#)
    }
    #expect(state.wrappedValue == .edit("ab"))
  }

  @Test func stackStateIsReadAndChangedByCasePath() {
    var stack = StackState<Destination>([.edit("a"), .detail(1)])
    stack[id: 1, case: /Destination.detail]? += 1
    #expect(stack[id: 1] == .detail(2))
    #expect(stack[id: 0, case: /Destination.detail] == nil)
  }

  @Test func ifCaseLetTakesCasePaths() async {
    enum Screen: Equatable { case counter(Int), empty }
    enum Action: Equatable { case counter(Int), show }
    let reducer = Reduce<Screen, Action> { state, action in
      if action == .show { state = .counter(0) }
      return .none
    }
    .ifCaseLet(/Screen.counter, action: /Action.counter) {
      Reduce<Int, Int> { count, amount in
        count += amount
        return .none
      }
    }
    let store = TestStore(initialState: Screen.empty) { reducer }
    await withKnownIssue {
      await store.send(.counter(1))
    } matching: { $0.description.contains("received a child action when child state was set to a different case.") }
    await store.send(.show) { $0 = .counter(0) }
    await store.send(.counter(2)) { $0 = .counter(2) }
  }

  @Test func scopeTakesAnUnlabelledStateKeyPath() async {
    let store = Store<Settings.State, Settings.Action>(initialState: Settings.State()) {
      Scope(\.name, action: \.renamed) {
        Reduce<String, String> { state, name in
          state = name.uppercased()
          return .none
        }
      }
    }
    store.send(.renamed("blob"))
    #expect(store.name == "BLOB")
  }

  @Test func reducerBuildersAcceptExistentials() {
    let increment: any Reducer<Int, Void> = Reduce<Int, Void> { state, _ in
      state += 1
      return .none
    }
    @ReducerBuilder<Int, Void> var body: some Reducer<Int, Void> {
      Reduce { state, _ in
        state *= 10
        return .none
      }
      increment
    }
    var state = 1
    _ = body.reduce(into: &state, action: ())
    #expect(state == 11)
    let existentialFirst = CombineReducers {
      increment
      Reduce<Int, Void> { state, _ in
        state *= 10
        return .none
      }
    }
    _ = existentialFirst.reduce(into: &state, action: ())
    #expect(state == 120)
    // TCA's own form: the builder's types come from the concrete reducer beside the existential.
    let inferred = CombineReducers {
      Reduce<Int, Void> { state, _ in
        state -= 20
        return .none
      }
      increment as any ReducerOf<Reduce<Int, Void>>
    }
    _ = inferred.reduce(into: &state, action: ())
    #expect(state == 101)
  }
}
