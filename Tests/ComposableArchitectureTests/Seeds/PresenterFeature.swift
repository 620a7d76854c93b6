// A feature that presents in every way the navigation tools support — a sheet, an alert, a dialog
// and a stack — with a child that runs a timer and can dismiss itself. Not from the seeds: it pins
// down the lifecycle rules the seeds rely on.
import ComposableArchitecture

struct Sheet: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }

  enum Action: Equatable {
    case startTimer
    case tick
    case closeAfterDelay
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimer:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
    case .tick:
      state.count += 1
      return .none
    case .closeAfterDelay:
      return .run { _ in
        try await clock.sleep(for: .seconds(1))
        await dismiss()
      }
    }
  }
}

struct Presenter: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: Sheet.State?
    @PresentationState var alert: AlertState<Alert>?
    @PresentationState var dialog: ConfirmationDialogState<Alert>?
    var stack = StackState<Sheet.State>()
    var deleted = false
  }

  enum Alert: Equatable {
    case confirmDeletion
  }

  enum Action {
    case sheet(PresentationAction<Sheet.Action>)
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Alert>)
    case stack(StackActionOf<Sheet>)
    case presentSheet(id: Int)
    case closeSheet
    case deleteButtonTapped
    case moreButtonTapped
    case push(id: Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .presentSheet(id):
        state.sheet = Sheet.State(id: id)
        return .none
      case .closeSheet:
        state.sheet = nil
        return .none
      case .deleteButtonTapped:
        state.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      case .moreButtonTapped:
        state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
          TextState("More")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        }
        return .none
      case .alert(.presented(.confirmDeletion)), .dialog(.presented(.confirmDeletion)):
        state.deleted = true
        return .none
      case let .push(id):
        state.stack.append(Sheet.State(id: id))
        return .none
      case .sheet, .alert, .dialog, .stack:
        return .none
      }
    }
    .ifLet(\.$sheet, action: \.sheet) {
      Sheet()
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$dialog, action: \.dialog)
    .forEach(\.stack, action: \.stack) {
      Sheet()
    }
  }
}

extension Presenter.Action: CasePathable {
  struct AllCasePaths {
    var sheet: AnyCasePath<Presenter.Action, PresentationAction<Sheet.Action>> { /Presenter.Action.sheet }
    var alert: AnyCasePath<Presenter.Action, PresentationAction<Presenter.Alert>> { /Presenter.Action.alert }
    var dialog: AnyCasePath<Presenter.Action, PresentationAction<Presenter.Alert>> { /Presenter.Action.dialog }
    var stack: AnyCasePath<Presenter.Action, StackActionOf<Sheet>> { /Presenter.Action.stack }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
