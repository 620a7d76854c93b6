// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/01-GettingStarted-AlertsAndConfirmationDialogs.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

struct AlertAndConfirmationDialog: Reducer {
  struct State: Equatable {
    @PresentationState var alert: AlertState<Action.Alert>?
    @PresentationState var confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>?
    var count = 0
  }

  enum Action {
    case alert(PresentationAction<Alert>)
    case alertButtonTapped
    case confirmationDialog(PresentationAction<ConfirmationDialog>)
    case confirmationDialogButtonTapped
    enum Alert {
      case incrementButtonTapped
    }
    enum ConfirmationDialog {
      case incrementButtonTapped
      case decrementButtonTapped
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.incrementButtonTapped)),
        .confirmationDialog(.presented(.incrementButtonTapped)):
        state.alert = AlertState { TextState("Incremented!") }
        state.count += 1
        return .none

      case .alert:
        return .none

      case .alertButtonTapped:
        state.alert = AlertState {
          TextState("Alert!")
        } actions: {
          ButtonState(role: .cancel) {
            TextState("Cancel")
          }
          ButtonState(action: .incrementButtonTapped) {
            TextState("Increment")
          }
        } message: {
          TextState("This is an alert")
        }
        return .none

      case .confirmationDialog(.presented(.decrementButtonTapped)):
        state.alert = AlertState { TextState("Decremented!") }
        state.count -= 1
        return .none

      case .confirmationDialog:
        return .none

      case .confirmationDialogButtonTapped:
        state.confirmationDialog = ConfirmationDialogState {
          TextState("Confirmation dialog")
        } actions: {
          ButtonState(role: .cancel) {
            TextState("Cancel")
          }
          ButtonState(action: .incrementButtonTapped) {
            TextState("Increment")
          }
          ButtonState(action: .decrementButtonTapped) {
            TextState("Decrement")
          }
        } message: {
          TextState("This is a confirmation dialog.")
        }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$confirmationDialog, action: \.confirmationDialog)
  }
}

extension AlertAndConfirmationDialog.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = AlertAndConfirmationDialog.Action
    var alert: AnyCasePath<Root, PresentationAction<Root.Alert>> { /Root.alert }
    var alertButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .alertButtonTapped }) {
        guard case .alertButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var confirmationDialog: AnyCasePath<Root, PresentationAction<Root.ConfirmationDialog>> {
      /Root.confirmationDialog
    }
    var confirmationDialogButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .confirmationDialogButtonTapped }) {
        guard case .confirmationDialogButtonTapped = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension AlertAndConfirmationDialog.Action.Alert: CasePathable {
  struct AllCasePaths {
    typealias Root = AlertAndConfirmationDialog.Action.Alert
    var incrementButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .incrementButtonTapped }) {
        guard case .incrementButtonTapped = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension AlertAndConfirmationDialog.Action.ConfirmationDialog: CasePathable {
  struct AllCasePaths {
    typealias Root = AlertAndConfirmationDialog.Action.ConfirmationDialog
    var incrementButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .incrementButtonTapped }) {
        guard case .incrementButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var decrementButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .decrementButtonTapped }) {
        guard case .decrementButtonTapped = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
