import ComposableArchitecture

/// A child with a cancellable timer, identified so a replacement is a different child.
struct Ticker: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var ticks = 0
  }

  enum Action: Equatable {
    case start
    case tick
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// Presents tickers every way, and has a sibling reducer that removes them behind the navigation
/// reducers' backs.
struct Host: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: Ticker.State?
    var path = StackState<Ticker.State>()
    var inline: Ticker.State?
    var alert: AlertState<AlertAction>?
  }

  enum AlertAction: Equatable { case confirm }

  enum Action: Equatable {
    case sheet(PresentationAction<Ticker.Action>)
    case path(StackAction<Ticker.State, Ticker.Action>)
    case inline(Ticker.Action)
    case alert(AlertAction)
    case cancelTimers
    case clearBySibling
    case replaceInline(id: Int)
    case noop
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelTimers:
        return .cancel(id: Ticker.CancelID.timer)
      case let .replaceInline(id):
        state.inline = Ticker.State(id: id)
        return .none
      default:
        return .none
      }
    }
    .ifLet(\.$sheet, action: \.sheet) { Ticker() }
    .forEach(\.path, action: \.path) { Ticker() }
    .ifLet(\.inline, action: \.inline) { Ticker() }
    .ifLet(\.alert, action: \.alert) { EmptyReducer() }
    Reduce { state, action in
      switch action {
      case .clearBySibling:
        state.sheet = nil
        state.path.removeAll()
      default:
        break
      }
      return .none
    }
  }
}

extension Host.Action: CasePathable {
  struct AllCasePaths {
    var sheet: AnyCasePath<Host.Action, PresentationAction<Ticker.Action>> { /Host.Action.sheet }
    var path: AnyCasePath<Host.Action, StackAction<Ticker.State, Ticker.Action>> { /Host.Action.path }
    var inline: AnyCasePath<Host.Action, Ticker.Action> { /Host.Action.inline }
    var alert: AnyCasePath<Host.Action, Host.AlertAction> { /Host.Action.alert }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Ticker.Action: CasePathable {
  struct AllCasePaths {
    var start: AnyCasePath<Ticker.Action, Void> { /Ticker.Action.start }
    var tick: AnyCasePath<Ticker.Action, Void> { /Ticker.Action.tick }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
