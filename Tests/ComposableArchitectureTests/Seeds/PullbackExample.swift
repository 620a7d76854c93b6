// The pre-1.0 style of seeds 000/001: `AnyReducer` with an environment, `pullback`, `combine`, `optional`.
import ComposableArchitecture

struct SettingsState: Equatable {
  var volume = 5
}

enum SettingsAction: Equatable {
  case volumeUp
}

struct SettingsEnvironment {
  var maximumVolume: Int
}

let settingsReducer = AnyReducer<SettingsState, SettingsAction, SettingsEnvironment> { state, action, environment in
  switch action {
  case .volumeUp:
    state.volume = min(state.volume + 1, environment.maximumVolume)
    return .none
  }
}

struct AppState: Equatable {
  var settings = SettingsState()
  var detail: SettingsState?
  var log: [String] = []
}

enum AppAction: Equatable {
  case settings(SettingsAction)
  case detail(SettingsAction)
}

struct AppEnvironment {
  var settings: SettingsEnvironment
}

let appReducer = AnyReducer<AppState, AppAction, AppEnvironment>.combine(
  AnyReducer { state, action, _ in
    state.log.append("before: \(state.settings.volume)")
    return .none
  },
  settingsReducer.pullback(
    state: \.settings,
    action: /AppAction.settings,
    environment: { $0.settings }
  ),
  settingsReducer.optional().pullback(
    state: \.detail,
    action: /AppAction.detail,
    environment: { $0.settings }
  ),
  AnyReducer { state, action, _ in
    state.log.append("after: \(state.settings.volume)")
    return .none
  }
)
