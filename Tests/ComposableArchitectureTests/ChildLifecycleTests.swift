import ComposableArchitecture
import Testing

/// A list of `Child` rows, for `forEach`'s namespacing and automatic cancellation.
struct Rows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Child.State> = []
  }

  enum Action {
    case rows(IdentifiedActionOf<Child>)
    case removeRow(id: Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .removeRow(id):
        state.rows.remove(id: id)
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Child()
    }
  }
}

extension Rows.Action: CasePathable {
  struct AllCasePaths {
    var rows: AnyCasePath<Rows.Action, IdentifiedActionOf<Child>> { /Rows.Action.rows }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

@MainActor
@Suite struct ChildLifecycleTests {
  @Test func removingARowCancelsOnlyItsEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Rows.State(rows: [Child.State(id: 1), Child.State(id: 2)])
    ) {
      Rows()
    } withDependencies: {
      $0.continuousClock = clock
    }

    // Both rows use the same `CancelID.timer`; namespacing keeps them apart.
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await store.send(.rows(.element(id: 2, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 1]) { $0.rows[id: 1]?.count = 1 }
    await store.receive(\.rows[id: 2]) { $0.rows[id: 2]?.count = 1 }

    await store.send(.removeRow(id: 1)) {
      $0.rows.remove(id: 1)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2]) { $0.rows[id: 2]?.count = 2 }

    await store.send(.removeRow(id: 2)) {
      $0.rows = []
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func anActionForAMissingRowIsReportedNotCrashed() async {
    let store = Store(initialState: Rows.State(rows: [Child.State(id: 1)])) { Rows() }
    withKnownIssue {
      store.send(.rows(.element(id: 7, action: .increment)))
    } matching: { issue in
      issue.description.contains("received an action for a missing element")
    }
    store.send(.rows(.element(id: 1, action: .increment)))
    #expect(store.rows[id: 1]?.count == 1)
  }

  @Test func dismissingAnIfLetChildCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.present) { $0.child = Child.State() }
    await store.send(.child(.startTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(\.child) { $0.child?.count = 1 }
    await store.send(.dismiss) { $0.child = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func anActionForNilIfLetStateIsReported() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    withKnownIssue {
      store.send(.child(.increment))
    } matching: { issue in
      issue.description.contains(#"received a child action when child state was "nil""#)
    }
  }
}
