// TCA's own example apps and their tests, ported to run here as proof of what the docs claim.
//
// Ported from pointfreeco/swift-composable-architecture at commit
// d34c1dfe7a4b13ba96c37f8b78f7dc9432dd0471 (Examples/Todos and Examples/CaseStudies), with
// mechanical edits only:
// - `@Reducer`, `@ObservableState` and `@CasePathable` are written out by hand: `Reducer`
//   conformance, plain state structs, and an `AllCasePaths` extension per action enum;
//   `@Presents` is `@PresentationState`.
// - SwiftUI views, previews and `animation:` arguments are dropped; SwiftUI types the state holds
//   (`EditMode`, `LocalizedStringKey` raw values) become plain enums / strings.
// - Each example is nested in a namespace enum (`TodosExample`, …) so its type names (`Todo`,
//   `Filter`) don't collide with the seeds; its tests are nested in the same namespace so they
//   read unchanged.
// - Case paths to payload-less cases of actions that aren't `Equatable` (they carry
//   `Result<_, any Error>`) are written as `AnyCasePath(embed:extract:)`, as the macro expands them.
// - `Color` is a plain enum of the colors the animations case study uses; `ButtonState` sends its
//   action without an animation (`action: .send(x, animation: …)` is `action: x`).
// - `@DependencyClient` is written out as its endpoint and labelled method.
// - Platform bits: the screenshot stream's live value never emits and the download client's
//   finishes at once (no `URLSession.bytes` on Linux); the documents directory comes from
//   `FileManager`; the case studies reuse the test target's `FactClient`; the three copies of
//   `isPrime` are one.
// - Tests are unchanged but for dropping `@testable import` and the `ButtonState` animations.
//
// Ported: Todos (10 tests) and the CaseStudies that have tests: alerts and confirmation dialogs,
// animations, binding forms, effects basics, cancellation, long-living effects, refreshable,
// timers, web socket (against a test client), shared state (in memory, user defaults, file
// storage), recursion, reusable favoriting and reusable offline downloads (its download
// component; the map screen around it has no tests).
import ComposableArchitecture
import Foundation

/// TCA's Examples/Todos app.
enum TodosExample {
  enum EditMode: Equatable, Sendable {
    case inactive, transient, active
  }

  enum Filter: String, CaseIterable, Hashable, Sendable {
    case all = "All"
    case active = "Active"
    case completed = "Completed"
  }

  struct Todo: Reducer {
    struct State: Equatable, Identifiable {
      var description = ""
      let id: UUID
      var isComplete = false
    }

    enum Action: BindableAction, Sendable {
      case binding(BindingAction<State>)
    }

    var body: some Reducer<State, Action> {
      BindingReducer()
    }
  }

  struct Todos: Reducer {
    struct State: Equatable {
      var editMode: EditMode = .inactive
      var filter: Filter = .all
      var todos: IdentifiedArrayOf<Todo.State> = []

      var filteredTodos: IdentifiedArrayOf<Todo.State> {
        switch filter {
        case .active: return self.todos.filter { !$0.isComplete }
        case .all: return self.todos
        case .completed: return self.todos.filter(\.isComplete)
        }
      }
    }

    enum Action: BindableAction, Sendable {
      case addTodoButtonTapped
      case binding(BindingAction<State>)
      case clearCompletedButtonTapped
      case delete(IndexSet)
      case move(IndexSet, Int)
      case sortCompletedTodos
      case todos(IdentifiedActionOf<Todo>)
    }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.uuid) var uuid
    private enum CancelID { case todoCompletion }

    var body: some Reducer<State, Action> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .addTodoButtonTapped:
          state.todos.insert(Todo.State(id: self.uuid()), at: 0)
          return .none

        case .binding:
          return .none

        case .clearCompletedButtonTapped:
          state.todos.removeAll(where: \.isComplete)
          return .none

        case .delete(let indexSet):
          let filteredTodos = state.filteredTodos
          for index in indexSet {
            state.todos.remove(id: filteredTodos[index].id)
          }
          return .none

        case .move(var source, var destination):
          if state.filter == .completed {
            source = IndexSet(
              source
                .map { state.filteredTodos[$0] }
                .compactMap { state.todos.index(id: $0.id) }
            )
            destination =
              (destination < state.filteredTodos.endIndex
                ? state.todos.index(id: state.filteredTodos[destination].id)
                : state.todos.endIndex)
              ?? destination
          }

          state.todos.move(fromOffsets: source, toOffset: destination)

          return .run { send in
            try await self.clock.sleep(for: .milliseconds(100))
            await send(.sortCompletedTodos)
          }

        case .sortCompletedTodos:
          state.todos.sort { $1.isComplete && !$0.isComplete }
          return .none

        case .todos(.element(id: _, action: .binding(\.isComplete))):
          return .run { send in
            try await self.clock.sleep(for: .seconds(1))
            await send(.sortCompletedTodos)
          }
          .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)

        case .todos:
          return .none
        }
      }
      .forEach(\.todos, action: \.todos) {
        Todo()
      }
    }
  }
}

extension TodosExample.Todo.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = TodosExample.Todo.Action
    var binding: AnyCasePath<Root, BindingAction<TodosExample.Todo.State>> { /Root.binding }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension TodosExample.Todos.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = TodosExample.Todos.Action
    var addTodoButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .addTodoButtonTapped }) {
        guard case .addTodoButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var binding: AnyCasePath<Root, BindingAction<TodosExample.Todos.State>> { /Root.binding }
    var clearCompletedButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .clearCompletedButtonTapped }) {
        guard case .clearCompletedButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var delete: AnyCasePath<Root, IndexSet> { /Root.delete }
    var move: AnyCasePath<Root, (IndexSet, Int)> { /Root.move }
    var sortCompletedTodos: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .sortCompletedTodos }) {
        guard case .sortCompletedTodos = $0 else { return nil }
        return ()
      }
    }
    var todos: AnyCasePath<Root, IdentifiedActionOf<TodosExample.Todo>> { /Root.todos }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
