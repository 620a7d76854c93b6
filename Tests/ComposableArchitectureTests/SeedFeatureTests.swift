// The seeds' tests (003, "Testing"), ported to Swift Testing: only the test attributes changed.
import ComposableArchitecture
import Foundation
import Testing

@MainActor
@Suite struct TodoFeatureTests {
  @Test func addTodo() async {
    let store = TestStore(initialState: TodoListFeature.State()) {
      TodoListFeature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.todoClient = .testValue
    }

    await store.send(.addTodoButtonTapped)

    await store.receive(\.todoAdded) { state in
      state.todos = [
        Todo(id: UUID(0), title: "New Todo", isCompleted: false, priority: .medium)
      ]
    }
  }

  @Test func loadTodos() async {
    let todos = [
      Todo(id: UUID(), title: "Test 1", isCompleted: false, priority: .high),
      Todo(id: UUID(), title: "Test 2", isCompleted: true, priority: .low),
    ]

    let store = TestStore(initialState: TodoListFeature.State()) {
      TodoListFeature()
    } withDependencies: {
      $0.todoClient.fetchAll = { todos }
    }

    await store.send(.loadTodos) {
      $0.isLoading = true
    }

    await store.receive(\.todosLoaded.success) {
      $0.isLoading = false
      $0.todos = IdentifiedArray(uniqueElements: todos)
    }
  }

  @Test func loadTodosFailure() async {
    struct TestError: Error, Equatable {}

    let store = TestStore(initialState: TodoListFeature.State()) {
      TodoListFeature()
    } withDependencies: {
      $0.todoClient.fetchAll = { throw TestError() }
    }

    await store.send(.loadTodos) {
      $0.isLoading = true
    }

    await store.receive(\.todosLoaded.failure) {
      $0.isLoading = false
      $0.alert = AlertState {
        TextState("Error")
      } message: {
        // Foundation on Linux words this differently from Apple's "couldn't be completed."
        TextState(TestError().localizedDescription)
      }
    }
  }

  @Test func timer() async {
    let clock = TestClock()

    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerRunning = true
    }

    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) {
      $0.count = 1
    }

    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) {
      $0.count = 2
    }

    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerRunning = false
    }
  }

  @Test func nonExhaustive() async {
    let store = TestStore(initialState: TodoListFeature.State()) {
      TodoListFeature()
    } withDependencies: {
      // The seed omits this; TCA, like us, reports the unimplemented `uuid` the reducer calls.
      $0.uuid = .incrementing
      $0.todoClient = .testValue
    }

    store.exhaustivity = .off

    await store.send(.addTodoButtonTapped)
  }
}

@MainActor
@Suite struct SeedFeatureBehaviourTests {
  @Test func counterFetchesAFact() async {
    let store = TestStore(initialState: CounterFeature.State(count: 3)) {
      CounterFeature()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is prime." }
    }

    await store.send(.factButtonTapped)
    await store.receive(\.factResponse, "3 is prime.") {
      $0.factAlert = "3 is prime."
    }
    await store.send(.dismissAlert) {
      $0.factAlert = nil
    }
  }

  @Test func counterReportsAFactFailureThroughCatch() async {
    struct Offline: Error {}
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.factClient.fetch = { _ in throw Offline() }
    }

    await store.send(.factButtonTapped)
    await store.receive(\.factResponse) {
      $0.factAlert = "Error: \(Offline().localizedDescription)"
    }
  }

  @Test func todoListTogglesDeletesAndFilters() async {
    let store = TestStore(
      initialState: TodoListFeature.State(
        todos: [
          Todo(id: UUID(0), title: "Buy milk", isCompleted: false, priority: .high),
          Todo(id: UUID(1), title: "Walk dog", isCompleted: false, priority: .low),
        ]
      )
    ) {
      TodoListFeature()
    } withDependencies: {
      $0.todoClient = .testValue
    }

    await store.send(.todoToggled(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.isCompleted = true
    }
    #expect(store.state.filteredTodos.count == 2)

    await store.send(.binding(.set(\.filter, .completed))) {
      $0.filter = .completed
    }
    #expect(store.state.filteredTodos.map(\.title) == ["Walk dog"])

    await store.send(.binding(.set(\.searchQuery, "milk"))) {
      $0.searchQuery = "milk"
    }
    #expect(store.state.filteredTodos.isEmpty)

    await store.send(.clearCompletedButtonTapped) {
      $0.todos.remove(id: UUID(1))
    }
    await store.send(.todoDeleted(id: UUID(0))) {
      $0.todos = []
    }
  }

  @Test func appScopesEachChild() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.todoClient = .testValue
    }

    await store.send(.tabChanged(.profile)) {
      $0.tab = .profile
    }
    await store.send(.profile(.nameChanged("Blob"))) {
      $0.profile.name = "Blob"
    }
    await store.send(.settings(.notificationsToggled)) {
      $0.settings.notificationsEnabled = true
    }
    await store.send(.todos(.binding(.set(\.searchQuery, "milk")))) {
      $0.todos.searchQuery = "milk"
    }
  }

  @Test func paginationLoadsUntilTheLastPage() async {
    let store = TestStore(initialState: PaginatedListFeature.State()) {
      PaginatedListFeature()
    } withDependencies: {
      $0.apiClient.fetchPage = { page in
        Page(items: [Item(id: page, title: "Item \(page)")], hasMore: page < 2)
      }
    }

    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.receive(\.pageLoaded.success) {
      $0.items = [Item(id: 1, title: "Item 1")]
      $0.currentPage = 2
      $0.isLoadingPage = false
    }
    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.receive(\.pageLoaded.success) {
      $0.items.append(Item(id: 2, title: "Item 2"))
      $0.currentPage = 3
      $0.hasMorePages = false
      $0.isLoadingPage = false
    }
    await store.send(.loadNextPage)

    await store.send(.refresh) {
      $0.items = []
      $0.currentPage = 1
      $0.hasMorePages = true
    }
    await store.receive(\.loadNextPage) { $0.isLoadingPage = true }
    await store.receive(\.pageLoaded.success) {
      $0.items = [Item(id: 1, title: "Item 1")]
      $0.currentPage = 2
      $0.isLoadingPage = false
    }
  }

  @Test func formValidatesThroughBindings() async {
    let store = TestStore(initialState: FormFeature.State()) { FormFeature() }

    await store.send(.binding(.set(\.email, "blob"))) { $0.email = "blob" }
    #expect(store.state.emailError == "Invalid email")
    await store.send(.submitTapped)

    await store.send(.binding(.set(\.email, "blob@example.com"))) { $0.email = "blob@example.com" }
    await store.send(.binding(.set(\.password, "correct horse"))) { $0.password = "correct horse" }
    await store.send(.binding(.set(\.confirmPassword, "correct horse"))) { $0.confirmPassword = "correct horse" }
    #expect(store.state.isValid)
    await store.send(.submitTapped) { $0.submitted = true }
  }

  @Test func pullbackCombineAndOptionalKeepTheirOrder() {
    let store = Store(
      initialState: AppState(detail: SettingsState(volume: 9)),
      reducer: appReducer,
      environment: AppEnvironment(settings: SettingsEnvironment(maximumVolume: 10))
    )

    store.send(.settings(.volumeUp))
    #expect(store.settings.volume == 6)
    #expect(store.log == ["before: 5", "after: 6"])

    store.send(.detail(.volumeUp))
    store.send(.detail(.volumeUp))
    #expect(store.detail?.volume == 10)
    #expect(store.settings.volume == 6)
  }

  @Test func optionalReducerReportsActionsForNilState() {
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      environment: AppEnvironment(settings: SettingsEnvironment(maximumVolume: 10))
    )
    withKnownIssue {
      store.send(.detail(.volumeUp))
    } matching: { issue in
      issue.description.contains(#"received an action when state was "nil""#)
    }
    #expect(store.detail == nil)
  }
}
