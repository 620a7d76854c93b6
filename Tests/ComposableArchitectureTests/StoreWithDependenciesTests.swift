import ComposableArchitecture
import Testing

/// `Store.withDependencies`, with which a runtime delivers a batch of events: the store's
/// dependencies are installed once for the batch, and every action is still reduced with them.
@MainActor
@Suite struct StoreWithDependenciesTests {
  private func makeStore() -> StoreOf<Greeting> {
    Store(initialState: Greeting.State()) {
      Greeting()
    } withDependencies: {
      $0.greeter.greet = { "Yo \($0)" }
    }
  }

  @Test func everyActionSentInTheBatchIsReducedWithTheStoresDependencies() {
    let store = makeStore()
    store.withDependencies {
      store.send(.greet("Blob"))
      store.send(.greet("Jr"))
    }
    #expect(store.greetings == ["Yo Blob", "Yo Jr"])
  }

  @Test func batchesNestAndLeaveLaterSendsInstallingTheirOwn() {
    let store = makeStore()
    store.withDependencies {
      store.withDependencies { store.send(.greet("Blob")) }
      store.send(.greet("Jr"))
    }
    // Outside any batch, the store installs its dependencies for the send itself, as before.
    withDependencies { $0.greeter.greet = { "Hi \($0)" } } operation: {
      store.send(.greet("Sr"))
    }
    #expect(store.greetings == ["Yo Blob", "Yo Jr", "Yo Sr"])
  }

  @Test func effectsStartedInTheBatchKeepTheirOwnDependencies() async {
    let store = makeStore()
    var task: StoreTask?
    store.withDependencies { task = store.send(.greetLater("Blob")) }
    await task?.finish()
    #expect(store.greetings == ["Yo Blob"])
  }
}
