// Ported from the seeds (003, "Composition"): three `Scope`d children and a parent reducer.
import ComposableArchitecture

struct ProfileFeature: Reducer {
  struct State: Equatable {
    var name = ""
  }

  enum Action {
    case nameChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .nameChanged(name):
      state.name = name
      return .none
    }
  }
}

struct SettingsFeature: Reducer {
  struct State: Equatable {
    var notificationsEnabled = false
  }

  enum Action {
    case notificationsToggled
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.notificationsEnabled.toggle()
    return .none
  }
}

struct AppFeature: Reducer {
  struct State: Equatable {
    var tab = Tab.todos
    var todos = TodoListFeature.State()
    var profile = ProfileFeature.State()
    var settings = SettingsFeature.State()

    enum Tab: Sendable {
      case todos, profile, settings
    }
  }

  enum Action {
    case tabChanged(State.Tab)
    case todos(TodoListFeature.Action)
    case profile(ProfileFeature.Action)
    case settings(SettingsFeature.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.todos, action: \.todos) {
      TodoListFeature()
    }

    Scope(state: \.profile, action: \.profile) {
      ProfileFeature()
    }

    Scope(state: \.settings, action: \.settings) {
      SettingsFeature()
    }

    Reduce { state, action in
      switch action {
      case let .tabChanged(tab):
        state.tab = tab
        return .none

      case .todos:
        return .none

      case .profile:
        return .none

      case .settings:
        return .none
      }
    }
  }
}

extension AppFeature.Action: CasePathable {
  struct AllCasePaths {
    var todos: AnyCasePath<AppFeature.Action, TodoListFeature.Action> { /AppFeature.Action.todos }
    var profile: AnyCasePath<AppFeature.Action, ProfileFeature.Action> { /AppFeature.Action.profile }
    var settings: AnyCasePath<AppFeature.Action, SettingsFeature.Action> { /AppFeature.Action.settings }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
