import ComposableArchitecture
import Testing

/// Shows one of two identified tickers as an enum case, as TCA's `ifCaseLet` parents do.
private struct Switcher: Reducer {
  enum Screen: Equatable { case ticker(Ticker.State), idle }
  enum Action: Equatable { case ticker(Ticker.Action), replace(id: Int) }

  var body: some Reducer<Screen, Action> {
    Reduce { state, action in
      if case let .replace(id) = action { state = .ticker(Ticker.State(id: id)) }
      return .none
    }
    .ifCaseLet(/Screen.ticker, action: /Action.ticker) { Ticker() }
  }
}

/// Presents an alert, or a note whose actions the alert cannot send.
private struct Prompter: Reducer {
  enum AlertAction: Equatable { case confirm }
  enum NoteAction: Equatable { case edit }
  enum Destination: Equatable {
    case alert(AlertState<AlertAction>)
    case note(String)
  }
  enum DestinationAction: Equatable {
    case alert(AlertAction)
    case note(NoteAction)
  }
  struct State: Equatable {
    @PresentationState var destination: Destination?
  }
  enum Action: Equatable { case destination(PresentationAction<DestinationAction>) }

  var body: some ReducerOf<Self> {
    EmptyReducer().ifLet(\.$destination, action: /Action.destination) { EmptyReducer() }
  }
}

@MainActor
@Suite struct NavigationCaseTests {
  @Test func anIfCaseLetChildWhoseIDChangesHasItsEffectsCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: Switcher.Screen.ticker(Ticker.State(id: 1))) {
      Switcher()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.ticker(.start))
    await store.send(.replace(id: 2)) { $0 = .ticker(Ticker.State(id: 2)) }
    // The first ticker's timer was cancelled with it: nothing ticks, nothing is left running.
    await clock.advance(by: .seconds(3))
  }

  @Test func anAlertIsNotDismissedByAnActionItCannotSend() async {
    let alert = AlertState<Prompter.AlertAction> { TextState("Sure?") }
    let store = TestStore(initialState: Prompter.State(destination: .alert(alert))) { Prompter() }
    await store.send(.destination(.presented(.note(.edit))))
    await store.send(.destination(.presented(.alert(.confirm)))) { $0.destination = nil }
  }

  @Test func settingAPresentedCaseToNilDismissesIt() {
    var state = Navigator.State(destination: .ticker(Ticker.State(id: 1)))
    state.$destination[case: \.ticker]?.ticks = 2
    #expect(state.destination == .ticker(Ticker.State(id: 1, ticks: 2)))
    state.$destination[case: \.ticker] = nil
    #expect(state.destination == nil)
  }

  @Test func changingAnUnrelatedPresentedCaseIsReported() {
    var state = Navigator.State(destination: .ticker(Ticker.State(id: 1)))
    withKnownIssue {
      state.$destination[case: \.alert] = nil
    } matching: {
      $0.description.contains(#"Can't modify unrelated case "ticker""#)
    }
    #expect(state.destination == .ticker(Ticker.State(id: 1)))
  }

  @Test func settingAStackElementsCaseToNilPopsIt() {
    var state = Navigator.State(path: [.ticker(Ticker.State(id: 1)), .ticker(Ticker.State(id: 2))])
    state.path[id: 0, case: \.ticker] = nil
    #expect(state.path.ids == [1])
    withKnownIssue {
      state.path[id: 1, case: \.alert]?.title = TextState("Changed")
    } matching: {
      $0.description.contains(#"Can't modify unrelated case "ticker""#)
    }
    #expect(state.path[id: 1] == .ticker(Ticker.State(id: 2)))
  }
}
