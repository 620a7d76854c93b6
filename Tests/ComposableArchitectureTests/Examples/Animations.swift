// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/01-GettingStarted-Animations.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

/// SwiftUI's `Color`, as far as this feature uses it.
enum Color: Equatable, Sendable {
  case red, blue, green, orange, pink, purple, yellow, black
}

struct Animations: Reducer {
  struct State: Equatable {
    @PresentationState var alert: AlertState<Action.Alert>?
    var circleCenter: CGPoint?
    var circleColor = Color.black
    var isCircleScaled = false
  }

  enum Action: Sendable {
    case alert(PresentationAction<Alert>)
    case circleScaleToggleChanged(Bool)
    case rainbowButtonTapped
    case resetButtonTapped
    case setColor(Color)
    case tapped(CGPoint)
    enum Alert: Sendable {
      case resetConfirmationButtonTapped
    }
  }

  @Dependency(\.continuousClock) var clock

  private enum CancelID { case rainbow }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.resetConfirmationButtonTapped)):
        state = State()
        return .cancel(id: CancelID.rainbow)

      case .alert:
        return .none

      case .circleScaleToggleChanged(let isScaled):
        state.isCircleScaled = isScaled
        return .none

      case .rainbowButtonTapped:
        return .run { send in
          for color in [Color.red, .blue, .green, .orange, .pink, .purple, .yellow, .black] {
            await send(.setColor(color))
            try await clock.sleep(for: .seconds(1))
          }
        }
        .cancellable(id: CancelID.rainbow)

      case .resetButtonTapped:
        state.alert = AlertState {
          TextState("Reset state?")
        } actions: {
          ButtonState(role: .destructive, action: .resetConfirmationButtonTapped) {
            TextState("Reset")
          }
          ButtonState(role: .cancel) {
            TextState("Cancel")
          }
        }
        return .none

      case .setColor(let color):
        state.circleColor = color
        return .none

      case .tapped(let point):
        state.circleCenter = point
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension Animations.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = Animations.Action
    var alert: AnyCasePath<Root, PresentationAction<Root.Alert>> { /Root.alert }
    var circleScaleToggleChanged: AnyCasePath<Root, Bool> { /Root.circleScaleToggleChanged }
    var rainbowButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .rainbowButtonTapped }) {
        guard case .rainbowButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var resetButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .resetButtonTapped }) {
        guard case .resetButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var setColor: AnyCasePath<Root, Color> { /Root.setColor }
    var tapped: AnyCasePath<Root, CGPoint> { /Root.tapped }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Animations.Action.Alert: CasePathable {
  struct AllCasePaths {
    typealias Root = Animations.Action.Alert
    var resetConfirmationButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .resetConfirmationButtonTapped }) {
        guard case .resetConfirmationButtonTapped = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
