import ComposableArchitecture
import Foundation
import Testing

@MainActor
@Suite struct NavigationTests {
  // MARK: - Stacks

  @Test func poppingAnElementCancelsItsLongRunningEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.push(id: 7)) { $0.stack.append(Sheet.State(id: 7)) }
    await store.send(.push(id: 8)) { $0.stack.append(Sheet.State(id: 8)) }
    await store.send(.stack(.element(id: 0, action: .startTimer)))
    await store.send(.stack(.element(id: 1, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.stack[id: 0]) { $0.stack[id: 0]?.count = 1 }
    await store.receive(\.stack[id: 1]) { $0.stack[id: 1]?.count = 1 }

    await store.send(.stack(.popFrom(id: 1))) { $0.stack.removeLast() }
    await clock.advance(by: .seconds(1))
    await store.receive(\.stack[id: 0]) { $0.stack[id: 0]?.count = 2 }

    await store.send(.stack(.popFrom(id: 0))) { $0.stack = [] }
    await clock.advance(by: .seconds(5))
  }

  @Test func dismissFromAStackElementPopsIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.push(id: 7)) { $0.stack.append(Sheet.State(id: 7)) }
    await store.send(.push(id: 8)) { $0.stack.append(Sheet.State(id: 8)) }
    await store.send(.stack(.element(id: 1, action: .closeAfterDelay)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.stack.popFrom) { $0.stack.popFrom(id: 1) }
    #expect(store.state.stack.ids == [0])
  }

  @Test func anActionForAPoppedElementIsReportedNotCrashed() async {
    let store = Store(initialState: Presenter.State()) { Presenter() }
    store.send(.push(id: 7))
    store.send(.stack(.popFrom(id: 0)))
    withKnownIssue {
      store.send(.stack(.element(id: 0, action: .tick)))
    } matching: { issue in
      issue.description.contains("received an action for a missing element")
    }
    withKnownIssue {
      store.send(.stack(.popFrom(id: 0)))
    } matching: { issue in
      issue.description.contains(#"received a "popFrom" action for a missing element"#)
    }
    #expect(store.stack.isEmpty)
  }

  @Test func idsAreNotReusedAfterPops() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }

    await store.send(.push(id: 7)) { $0.stack[id: 0] = Sheet.State(id: 7) }
    await store.send(.push(id: 8)) { $0.stack[id: 1] = Sheet.State(id: 8) }
    await store.send(.stack(.popFrom(id: 0))) { $0.stack = [] }
    await store.send(.push(id: 9)) { $0.stack[id: 2] = Sheet.State(id: 9) }
    #expect(store.state.stack.ids == [2])
  }

  @Test func aPushUnderAnIDOnTheStackIsReported() async {
    let store = Store(initialState: Presenter.State()) { Presenter() }
    store.send(.push(id: 7))
    withKnownIssue {
      store.send(.stack(.push(id: 0, state: Sheet.State(id: 8))))
    } matching: { issue in
      issue.description.contains(#"received a "push" action for an element it already contains."#)
    }
    #expect(store.stack.map(\.id) == [7])
  }

  @Test func stackStateIsAValue() throws {
    var stack: StackState<Int> = [10, 20, 30]
    #expect(stack.ids == [0, 1, 2])
    #expect(Array(stack) == [10, 20, 30])
    stack.popFrom(id: 1)
    stack.append(40)
    #expect(stack.ids == [0, 3])
    #expect(stack[id: 3] == 40)
    stack[id: 0] = nil
    #expect(Array(stack) == [40])

    let data = try JSONEncoder().encode(stack)
    var decoded = try JSONDecoder().decode(StackState<Int>.self, from: data)
    #expect(decoded == stack)
    decoded.append(50)
    #expect(decoded.ids == [3, 4])
    #expect(Set([stack, decoded]).count == 2)
  }

  // MARK: - Presentation

  @Test func dismissingAPresentedChildCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.presentSheet(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    await store.send(.sheet(.presented(.startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.sheet.presented) { $0.sheet?.count = 1 }
    await store.send(.sheet(.dismiss)) { $0.sheet = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func theParentNillingTheChildCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.presentSheet(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    await store.send(.sheet(.presented(.startTimer)))
    await store.send(.closeSheet) { $0.sheet = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func presentingADifferentChildCancelsTheOldOnesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.presentSheet(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    await store.send(.sheet(.presented(.startTimer)))
    await store.send(.presentSheet(id: 2)) { $0.sheet = Sheet.State(id: 2) }
    await clock.advance(by: .seconds(5))
  }

  @Test func dismissFromAPresentedChildRemovesIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.presentSheet(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    await store.send(.sheet(.presented(.startTimer)))
    await store.send(.sheet(.presented(.closeAfterDelay)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.sheet.presented) { $0.sheet?.count = 1 }
    await store.receive(\.sheet.dismiss) { $0.sheet = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func dismissOutsideAPresentedFeatureIsReported() async {
    @Dependency(\.dismiss) var dismiss
    await withKnownIssue {
      await dismiss()
    } matching: { issue in
      issue.description.contains(#"called "dismiss()" at "ComposableArchitectureTests/NavigationTests.swift"#)
    }
  }

  @Test func aChildActionWhenNothingIsPresentedIsReported() async {
    let store = Store(initialState: Presenter.State()) { Presenter() }
    withKnownIssue {
      store.send(.sheet(.presented(.tick)))
    } matching: { issue in
      issue.description.contains("received a presentation action when destination state was absent")
    }
  }

  // MARK: - Alerts and dialogs

  @Test func anAlertButtonReachesTheParentAndDismissesTheAlert() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }

    await store.send(.deleteButtonTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.deleted = true
    }
  }

  @Test func anAlertsCancelButtonDismissesIt() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }

    await store.send(.deleteButtonTapped) { $0.alert = Self.deleteAlert }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func aDialogButtonReachesTheParentAndDismissesTheDialog() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }

    await store.send(.moreButtonTapped) {
      $0.dialog = ConfirmationDialogState(titleVisibility: .visible) {
        TextState("More")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      }
    }
    await store.send(.dialog(.presented(.confirmDeletion))) {
      $0.dialog = nil
      $0.deleted = true
    }
  }

  private static let deleteAlert = AlertState<Presenter.Alert> {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }
}
