import ComposableArchitecture
import Foundation
import XCTest

/// The seeds' tests as they were written, under XCTest: TestStore works the same in either framework.
///
/// Failures under XCTest go to `XCTFail`; Linux's XCTest has no `XCTExpectFailure`, so the failure
/// messages themselves are proven under Swift Testing (TestStoreFailureTests).
@MainActor
final class TodoFeatureXCTests: XCTestCase {
  func testAddTodo() async {
    let store = TestStore(initialState: TodoListFeature.State()) {
      TodoListFeature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.todoClient = .testValue
    }

    await store.send(.addTodoButtonTapped)

    await store.receive(\.todoAdded) { state in
      state.todos = [
        Todo(id: UUID(0), title: "New Todo", isCompleted: false, priority: .medium)
      ]
    }
  }

  func testTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) { $0.count = 1 }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
  }
}
