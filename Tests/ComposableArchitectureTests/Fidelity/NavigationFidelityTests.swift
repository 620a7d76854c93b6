import ComposableArchitecture
import Testing

@MainActor
@Suite struct NavigationFidelityTests {
  private func makeStore(_ state: Host.State = Host.State(), clock: TestClock<Duration>) -> TestStoreOf<Host> {
    TestStore(initialState: state) { Host() } withDependencies: { $0.continuousClock = clock }
  }

  @Test func aParentCancelReachesAPresentedChildsEffect() async {
    let clock = TestClock()
    let store = makeStore(Host.State(sheet: Ticker.State(id: 1)), clock: clock)
    await store.send(.sheet(.presented(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.presented(.tick))) { $0.sheet?.ticks = 1 }
    await store.send(.cancelTimers)
    await clock.advance(by: .seconds(5))
  }

  @Test func caseKeyPathsReachThroughPresented() async {
    let clock = TestClock()
    let store = makeStore(Host.State(sheet: Ticker.State(id: 1)), clock: clock)
    await store.send(\.sheet.start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.sheet.tick) { $0.sheet?.ticks = 1 }
    await store.send(\.sheet.dismiss) { $0.sheet = nil }
  }

  @Test func aParentCancelReachesAStackElementsEffect() async {
    let clock = TestClock()
    let store = makeStore(Host.State(path: [Ticker.State(id: 1)]), clock: clock)
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(.cancelTimers)
    await clock.advance(by: .seconds(5))
  }

  @Test func siblingStoresKeepTheirEffects() async {
    let clock = TestClock()
    let first = Store(initialState: Host.State(sheet: Ticker.State(id: 1))) { Host() } withDependencies: {
      $0.continuousClock = clock
    }
    let second = Store(initialState: Host.State(sheet: Ticker.State(id: 1))) { Host() } withDependencies: {
      $0.continuousClock = clock
    }
    first.send(.sheet(.presented(.start)))
    let timer = second.send(.sheet(.presented(.start)))
    first.send(.cancelTimers)
    await clock.advance(by: .seconds(2))
    #expect(first.sheet?.ticks == 0)
    #expect(second.sheet?.ticks == 2)
    timer.cancel()
  }

  @Test func elementsRemovedByASiblingReducerHaveTheirEffectsCancelled() async {
    let clock = TestClock()
    let store = makeStore(Host.State(sheet: Ticker.State(id: 1), path: [Ticker.State(id: 2)]), clock: clock)
    await store.send(.sheet(.presented(.start)))
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(.clearBySibling) {
      $0.sheet = nil
      $0.path = []
    }
    // The navigation reducers notice on their next pass, as TCA's do.
    await store.send(.noop)
    await clock.advance(by: .seconds(5))
  }

  @Test func aReplacedIdentifiedChildHasItsEffectsCancelled() async {
    let clock = TestClock()
    let store = makeStore(Host.State(inline: Ticker.State(id: 1)), clock: clock)
    await store.send(.inline(.start))
    await store.send(.replaceInline(id: 2)) { $0.inline = Ticker.State(id: 2) }
    await clock.advance(by: .seconds(5))
  }

  @Test func anInlineAlertIsDismissedAfterItsAction() async {
    let store = makeStore(Host.State(alert: AlertState { TextState("Sure?") }), clock: TestClock())
    await store.send(.alert(.confirm)) { $0.alert = nil }
  }

  @Test func presentationStateComparesSharedStorageWithoutLookingInside() {
    let comparisons = LockIsolated(0)
    struct Counted: Equatable {
      let comparisons: LockIsolated<Int>
      var value: Int
      static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.comparisons.withValue { $0 += 1 }
        return lhs.value == rhs.value
      }
    }
    let original = PresentationState(wrappedValue: Counted(comparisons: comparisons, value: 1))
    var copy = original
    #expect(original == copy)
    #expect(comparisons.value == 0)
    copy.wrappedValue?.value = 2
    #expect(original != copy)
    #expect(original.wrappedValue?.value == 1)
    #expect(comparisons.value == 1)
  }

  @Test func aPushUnderAFreeIDIsAcceptedAndAFutureOneReported() async {
    let store = makeStore(clock: TestClock())
    await store.send(.path(.push(id: 0, state: Ticker.State(id: 1)))) { $0.path[id: 0] = Ticker.State(id: 1) }
    await store.send(.path(.popFrom(id: 0))) { $0.path = [] }
    // An id that left the stack may come back, as any id not on the stack may in TCA.
    await store.send(.path(.push(id: 0, state: Ticker.State(id: 2)))) { $0.path[id: 0] = Ticker.State(id: 2) }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: Ticker.State(id: 3))))
    } matching: { $0.description.contains(#"received a "push" action for an element it already contains."#) }
    await withKnownIssue {
      await store.send(.path(.push(id: 7, state: Ticker.State(id: 4)))) { $0.path[id: 7] = Ticker.State(id: 4) }
    } matching: { $0.description.contains(#"received a "push" action with an unexpected generational ID."#) }
  }

  @Test func anActionForAMissingChildIsReportedInTCAsWords() async {
    let store = makeStore(clock: TestClock())
    await withKnownIssue {
      await store.send(.inline(.tick))
    } matching: {
      $0.description.contains(#"received a child action when child state was "nil"."#)
        && $0.description.contains("This is generally considered an application logic error")
    }
    await withKnownIssue {
      await store.send(.sheet(.dismiss))
    } matching: { $0.description.contains("received a presentation action when destination state was absent.") }
    await withKnownIssue {
      await store.send(.path(.element(id: 3, action: .tick)))
    } matching: { $0.description.contains("received an action for a missing element.") }
  }

  @Test func anAlertShownByTheParentAfterAButtonStays() async {
    struct Prompter: Reducer {
      struct State: Equatable {
        @PresentationState var alert: AlertState<AlertAction>?
      }
      enum AlertAction: Equatable { case again }
      enum Action: Equatable { case alert(PresentationAction<AlertAction>) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          if case .alert(.presented(.again)) = action {
            state.alert = AlertState { TextState("Again") }
          }
          return .none
        }
        .ifLet(\.$alert, action: AnyCasePath(embed: Action.alert, extract: { if case let .alert(a) = $0 { a } else { nil } }))
      }
    }
    let store = TestStore(initialState: Prompter.State(alert: AlertState { TextState("First") })) { Prompter() }
    await store.send(.alert(.presented(.again))) { $0.alert = AlertState { TextState("Again") } }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func anAlertInsideAnEnumDestinationIsDismissedAfterItsAction() async {
    struct Prompter: Reducer {
      enum AlertAction: Equatable { case confirm }
      enum Destination: Equatable {
        case alert(AlertState<AlertAction>)
        case note(String)
      }
      enum DestinationAction: Equatable { case alert(AlertAction) }
      struct State: Equatable {
        @PresentationState var destination: Destination?
        var inline: Destination?
      }
      enum Action: Equatable {
        case destination(PresentationAction<DestinationAction>)
        case inline(DestinationAction)
      }
      var body: some ReducerOf<Self> {
        EmptyReducer()
          .ifLet(\.$destination, action: /Action.destination) { EmptyReducer() }
          .ifLet(\.inline, action: /Action.inline) { EmptyReducer() }
      }
    }
    let alert = AlertState<Prompter.AlertAction> { TextState("Sure?") }
    let store = TestStore(initialState: Prompter.State(destination: .alert(alert), inline: .alert(alert))) {
      Prompter()
    }
    await store.send(.destination(.presented(.alert(.confirm)))) { $0.destination = nil }
    await store.send(.inline(.alert(.confirm))) { $0.inline = nil }
  }
}
