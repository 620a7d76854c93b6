// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/01-GettingStarted-Bindings-Forms.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

struct BindingForm: Reducer {
  struct State: Equatable {
    var sliderValue = 5.0
    var stepCount = 10
    var text = ""
    var toggleIsOn = false
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case resetButtonTapped
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.stepCount):
        state.sliderValue = .minimum(state.sliderValue, Double(state.stepCount))
        return .none

      case .binding:
        return .none

      case .resetButtonTapped:
        state = State()
        return .none
      }
    }
  }
}

private func alternate(_ string: String) -> String {
  string
    .enumerated()
    .map { idx, char in
      idx.isMultiple(of: 2)
        ? char.uppercased()
        : char.lowercased()
    }
    .joined()
}

extension BindingForm.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = BindingForm.Action
    var binding: AnyCasePath<Root, BindingAction<BindingForm.State>> { /Root.binding }
    var resetButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .resetButtonTapped }) {
        guard case .resetButtonTapped = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
