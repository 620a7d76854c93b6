// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/03-Effects-Timers.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

struct Timers: Reducer {
  struct State: Equatable {
    var isTimerActive = false
    var secondsElapsed = 0
  }

  enum Action {
    case onDisappear
    case timerTicked
    case toggleTimerButtonTapped
  }

  @Dependency(\.continuousClock) var clock
  private enum CancelID { case timer }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .onDisappear:
        return .cancel(id: CancelID.timer)

      case .timerTicked:
        state.secondsElapsed += 1
        return .none

      case .toggleTimerButtonTapped:
        state.isTimerActive.toggle()
        return .run { [isTimerActive = state.isTimerActive] send in
          guard isTimerActive else { return }
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      }
    }
  }
}

extension Timers.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = Timers.Action
    var onDisappear: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .onDisappear }) {
        guard case .onDisappear = $0 else { return nil }
        return ()
      }
    }
    var timerTicked: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .timerTicked }) {
        guard case .timerTicked = $0 else { return nil }
        return ()
      }
    }
    var toggleTimerButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .toggleTimerButtonTapped }) {
        guard case .toggleTimerButtonTapped = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
