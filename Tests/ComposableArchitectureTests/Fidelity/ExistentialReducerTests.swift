import ComposableArchitecture
import Testing

/// Adds one to its count.
private struct Increment: Reducer {
  func reduce(into state: inout Int, action: Void) -> Effect<Void> {
    state += 1
    return .none
  }
}

/// A feature whose child reducer is known only as an existential, in every place a builder takes one.
private struct Feature: Reducer {
  let child: any Reducer<Int, Void>
  let flag: Bool

  @ReducerBuilder<Int, Void> var alone: some Reducer<Int, Void> {
    child
  }

  @ReducerBuilder<Int, Void> var coercedAlone: some Reducer<Int, Void> {
    child as any ReducerOf<Increment>
  }

  @ReducerBuilder<Int, Void> var inIf: some Reducer<Int, Void> {
    if flag { child }
  }

  @ReducerBuilder<Int, Void> var coercedInIf: some Reducer<Int, Void> {
    if flag { child as any ReducerOf<Increment> }
  }

  @ReducerBuilder<Int, Void> var firstOfIfElse: some Reducer<Int, Void> {
    if flag { child } else { EmptyReducer() }
  }

  @ReducerBuilder<Int, Void> var secondOfIfElse: some Reducer<Int, Void> {
    if flag { EmptyReducer() } else { child }
  }

  @ReducerBuilder<Int, Void> var bothOfIfElse: some Reducer<Int, Void> {
    if flag { child } else { child }
  }

  @ReducerBuilder<Int, Void> var inLoop: some Reducer<Int, Void> {
    for _ in 0..<3 { child }
  }

  @ReducerBuilder<Int, Void> var amongOthers: some Reducer<Int, Void> {
    Increment()
    if flag { child }
    child
    Increment()
  }

  var body: some Reducer<Int, Void> { alone }
}

private func run(_ reducer: some Reducer<Int, Void>) -> Int {
  var state = 0
  _ = reducer.reduce(into: &state, action: ())
  return state
}

@Suite struct ExistentialReducerTests {
  private let on = Feature(child: Increment(), flag: true)
  private let off = Feature(child: Increment(), flag: false)

  @Test func anExistentialAloneInABodyRuns() {
    #expect(run(on.alone) == 1)
    #expect(run(on.coercedAlone) == 1)
    #expect(run(CombineReducers { Increment() as any ReducerOf<Increment> }) == 1)
  }

  @Test func anExistentialAsTheBranchOfAnIfRunsOnlyWhenTaken() {
    #expect(run(on.inIf) == 1)
    #expect(run(off.inIf) == 0)
    #expect(run(on.coercedInIf) == 1)
    #expect(run(off.coercedInIf) == 0)
  }

  @Test func anExistentialInEitherBranchOfAnIfElseRunsOnlyWhenTaken() {
    #expect(run(on.firstOfIfElse) == 1)
    #expect(run(off.firstOfIfElse) == 0)
    #expect(run(on.secondOfIfElse) == 0)
    #expect(run(off.secondOfIfElse) == 1)
    #expect(run(on.bothOfIfElse) == 1)
    #expect(run(off.bothOfIfElse) == 1)
  }

  @Test func anExistentialInALoopRunsOncePerPass() {
    #expect(run(on.inLoop) == 3)
  }

  @Test func anExistentialAmongOtherReducersRunsInOrder() {
    #expect(run(on.amongOthers) == 4)
    #expect(run(off.amongOthers) == 3)
  }

  @MainActor
  @Test func aStoreRunsAFeatureWhoseBodyIsAnExistential() {
    let store = Store(initialState: 0) { on }
    store.send(())
    #expect(store.state == 1)
  }
}
