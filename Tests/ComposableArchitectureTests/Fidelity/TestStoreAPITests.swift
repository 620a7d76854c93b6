import ComposableArchitecture
import Foundation
import Testing

@MainActor
@Suite struct TestStoreAPITests {
  @Test func stateIsInferredFromThePlainReducerClosure() async {
    let store: TestStoreOf<Settings> = TestStore(initialState: .init()) { Settings() }
    await store.send(.renamed("Blob")) {
      $0.name = "Blob"
      $0.changes = 1
    }
  }

  @Test func sendsByCaseKeyPath() async {
    let store = TestStore(initialState: Settings.State(name: "x")) { Settings() }
    await store.send(\.reset) {
      $0.name = ""
      $0.changes = 1
    }
    await store.receive(\.binding.isOn) { $0.isOn = true }
    await store.send(\.renamed, "Blob") {
      $0.name = "Blob"
      $0.changes = 2
    }
  }

  @Test func assertChecksTheCurrentStateWithoutAChange() async {
    let store = TestStore(initialState: Settings.State(name: "x")) { Settings() }
    store.assert { $0.name = "x" }
    withKnownIssue {
      store.assert { $0.name = "y" }
    } matching: { $0.description.contains("A state change does not match expectation") }
  }

  @Test func initialStateAndReducerSeeTheOverriddenDependencies() async {
    struct Stamped: Reducer {
      struct State: Equatable { var id: UUID }
      enum Action: Equatable { case noop }
      let madeWith: UUID
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    @Dependency(\.uuid) var uuid
    let store = TestStore(initialState: Stamped.State(id: uuid())) {
      Stamped(madeWith: uuid())
    } withDependencies: {
      $0.uuid = .incrementing
    }
    #expect(store.state.id == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
  }

  @Test func assertionClosuresRunWithTheStoresDependencies() async {
    let store = TestStore(initialState: Settings.State()) { Settings() } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 42)
    }
    await store.send(.renamed("Blob")) {
      @Dependency(\.date.now) var now
      $0.name = "Blob"
      $0.changes = now == Date(timeIntervalSince1970: 42) ? 1 : -1
    }
  }

  @Test func aRootFeatureThatDismissesItselfDismissesTheTestStore() async {
    struct Closing: Reducer {
      struct State: Equatable {}
      enum Action: Equatable { case close }
      @Dependency(\.dismiss) var dismiss
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .run { _ in await dismiss() }
      }
    }
    let store = TestStore(initialState: Closing.State()) { Closing() }
    await store.send(.close)
    await store.finish()
    #expect(store.isDismissed)
    await withKnownIssue {
      await store.send(.close)
    } matching: { $0.description.contains("Can't send action to dismissed test store.") }
  }

  @Test func exhaustivityAndDependenciesCanChangeForAStretch() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.withExhaustivity(.off) {
      await store.send(.renamed("Blob"))
    }
    #expect(store.exhaustivity == .on)
    #expect(store.state.name == "Blob")
    let stamped = store.withDependencies { $0.date.now = Date(timeIntervalSince1970: 9) } operation: {
      store.dependencies.date.now
    }
    #expect(stamped == Date(timeIntervalSince1970: 9))
  }
}
