import ComposableArchitecture
import Foundation

/// A small feature written as TCA code is, with its case paths and bindings written by hand where
/// TCA's macros would.
struct Settings: Reducer {
  struct State: Equatable {
    var isOn = false
    var name = ""
    @BindingState var legacyName = ""
    var changes = 0
  }

  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
    case renamed(String)
    case reset
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.isOn):
        return .none
      case .binding:
        return .none
      case let .renamed(name):
        state.name = name
        return .none
      case .reset:
        state.name = ""
        return .none
      }
    }
    .onChange(of: \.name) { oldValue, state in
      state.changes += 1
      return oldValue.isEmpty ? .none : .send(.binding(.set(\.isOn, true)))
    }
  }
}

extension Settings.Action: CasePathable {
  struct AllCasePaths {
    var binding: AnyCasePath<Settings.Action, BindingAction<Settings.State>> { /Settings.Action.binding }
    var renamed: AnyCasePath<Settings.Action, String> { /Settings.Action.renamed }
    var reset: AnyCasePath<Settings.Action, Void> { /Settings.Action.reset }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
