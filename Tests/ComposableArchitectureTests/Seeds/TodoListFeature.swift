// Ported from the seeds (003, "Basic Implementation"). Changes beyond macros and SwiftUI: `Priority`
// loses its SwiftUI `color`, and `Action` is not `Equatable` — `Result<_, Error>` cannot be — so the
// alert's actions are its own `Equatable` enum.
import ComposableArchitecture
import Foundation

struct Todo: Equatable, Identifiable, Sendable {
  let id: UUID
  var title: String
  var isCompleted: Bool
  var priority: Priority

  enum Priority: CaseIterable, Sendable {
    case low, medium, high
  }
}

struct TodoClient: Sendable {
  var fetchAll: @Sendable () async throws -> [Todo]
  var save: @Sendable (Todo) async throws -> Void
  var delete: @Sendable (Todo.ID) async throws -> Void
}

extension TodoClient: DependencyKey {
  static let liveValue = TodoClient(fetchAll: { [] }, save: { _ in }, delete: { _ in })

  static let testValue = TodoClient(
    fetchAll: {
      [
        Todo(id: UUID(), title: "Test Todo 1", isCompleted: false, priority: .high),
        Todo(id: UUID(), title: "Test Todo 2", isCompleted: true, priority: .low),
      ]
    },
    save: { _ in },
    delete: { _ in }
  )
}

extension DependencyValues {
  var todoClient: TodoClient {
    get { self[TodoClient.self] }
    set { self[TodoClient.self] = newValue }
  }
}

struct TodoListFeature: Reducer {
  struct State: Equatable {
    var todos: IdentifiedArrayOf<Todo> = []
    var filter: Filter = .all
    var searchQuery = ""
    var isLoading = false
    var alert: AlertState<Alert>?

    enum Filter: CaseIterable, Sendable {
      case all, active, completed
    }

    var filteredTodos: IdentifiedArrayOf<Todo> {
      var result = todos
      switch filter {
      case .all:
        break
      case .active:
        result = result.filter { !$0.isCompleted }
      case .completed:
        result = result.filter { $0.isCompleted }
      }
      if !searchQuery.isEmpty {
        result = result.filter { $0.title.localizedCaseInsensitiveContains(searchQuery) }
      }
      return result
    }
  }

  enum Alert: Equatable, Sendable {}

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case addTodoButtonTapped
    case todoAdded(Todo)
    case todoToggled(id: Todo.ID)
    case todoDeleted(id: Todo.ID)
    case clearCompletedButtonTapped
    case loadTodos
    case todosLoaded(Result<[Todo], Error>)
    case alertDismissed
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.todoClient) var todoClient

  var body: some ReducerOf<Self> {
    BindingReducer()

    Reduce { state, action in
      switch action {
      case .binding:
        return .none

      case .addTodoButtonTapped:
        let newTodo = Todo(id: uuid(), title: "New Todo", isCompleted: false, priority: .medium)
        return .send(.todoAdded(newTodo))

      case let .todoAdded(todo):
        state.todos.append(todo)
        return .run { _ in
          try await todoClient.save(todo)
        } catch: { error, _ in
          print("Failed to save todo: \(error)")
        }

      case let .todoToggled(id):
        guard var todo = state.todos[id: id] else { return .none }
        todo.isCompleted.toggle()
        state.todos[id: id] = todo
        return .none

      case let .todoDeleted(id):
        state.todos.remove(id: id)
        return .run { _ in
          try await todoClient.delete(id)
        } catch: { error, _ in
          print("Failed to delete todo: \(error)")
        }

      case .clearCompletedButtonTapped:
        let completedIds = state.todos.filter { $0.isCompleted }.map { $0.id }
        state.todos.removeAll { completedIds.contains($0.id) }
        return .run { _ in
          for id in completedIds {
            try await todoClient.delete(id)
          }
        }

      case .loadTodos:
        state.isLoading = true
        return .run { send in
          let result = await Result {
            try await todoClient.fetchAll()
          }
          await send(.todosLoaded(result))
        }

      case let .todosLoaded(.success(todos)):
        state.isLoading = false
        state.todos = IdentifiedArray(uniqueElements: todos)
        return .none

      case let .todosLoaded(.failure(error)):
        state.isLoading = false
        state.alert = AlertState {
          TextState("Error")
        } message: {
          TextState(error.localizedDescription)
        }
        return .none

      case .alertDismissed:
        state.alert = nil
        return .none
      }
    }
  }
}

extension TodoListFeature.Action: CasePathable {
  struct AllCasePaths {
    var todoAdded: AnyCasePath<TodoListFeature.Action, Todo> { /TodoListFeature.Action.todoAdded }
    var todosLoaded: AnyCasePath<TodoListFeature.Action, Result<[Todo], Error>> {
      /TodoListFeature.Action.todosLoaded
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
