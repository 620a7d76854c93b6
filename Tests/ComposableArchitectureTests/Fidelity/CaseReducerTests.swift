import ComposableArchitecture
import Testing

/// `@Reducer enum Pane { case ticker(Ticker); case alert(AlertState<Confirm>) }`, expanded by hand.
enum Pane: CaseReducer {
  case ticker(Ticker)
  case alert(AlertState<Confirm>)

  enum Confirm: Equatable { case ok }

  enum State: CaseReducerState, Equatable {
    typealias StateReducer = Pane
    case ticker(Ticker.State)
    case alert(AlertState<Confirm>)
  }

  enum Action: Equatable {
    case ticker(Ticker.Action)
    case alert(Confirm)
  }

  static var body: some Reducer<State, Action> {
    Scope(state: \.ticker, action: \.ticker) { Ticker() }
  }
}

extension Pane.State: CasePathable {
  struct AllCasePaths {
    var ticker: AnyCasePath<Pane.State, Ticker.State> { /Pane.State.ticker }
    var alert: AnyCasePath<Pane.State, AlertState<Pane.Confirm>> { /Pane.State.alert }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Pane.Action: CasePathable {
  struct AllCasePaths {
    var ticker: AnyCasePath<Pane.Action, Ticker.Action> { /Pane.Action.ticker }
    var alert: AnyCasePath<Pane.Action, Pane.Confirm> { /Pane.Action.alert }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

struct Navigator: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Pane.State?
    var path = StackState<Pane.State>()
  }

  enum Action: Equatable {
    case destination(PresentationAction<Pane.Action>)
    case path(StackAction<Pane.State, Pane.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$destination, action: \.destination)
      .forEach(\.path, action: \.path)
  }
}

extension Navigator.Action: CasePathable {
  struct AllCasePaths {
    var destination: AnyCasePath<Navigator.Action, PresentationAction<Pane.Action>> {
      /Navigator.Action.destination
    }
    var path: AnyCasePath<Navigator.Action, StackAction<Pane.State, Pane.Action>> {
      /Navigator.Action.path
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

@MainActor
@Suite struct CaseReducerTests {
  @Test func anEnumOfFeaturesNeedsNoReducerClosure() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Navigator.State(destination: .ticker(Ticker.State(id: 1)), path: [.ticker(Ticker.State(id: 2))])
    ) {
      Navigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.destination.ticker.start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.ticker.tick) { $0.$destination[case: \.ticker]?.ticks = 1 }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.path(.element(id: 0, action: .ticker(.tick)))) { $0.path[id: 0, case: \.ticker]?.ticks = 1 }
    await store.send(.path(.push(id: 1, state: .alert(AlertState { TextState("Sure?") })))) {
      $0.path[id: 1] = .alert(AlertState { TextState("Sure?") })
    }
  }

  @Test func anEnumOfFeaturesIsItselfAReducer() {
    let reducer: some ReducerOf<Pane> = Pane.ticker(Ticker())
    var state = Pane.State.ticker(Ticker.State(id: 1))
    _ = reducer.reduce(into: &state, action: .ticker(.tick))
    #expect(state == .ticker(Ticker.State(id: 1, ticks: 1)))
  }
}
