import ComposableArchitecture
import Testing

/// The toolkit tests itself: each kind of failure is reported with a useful message, and the
/// corresponding correct test passes.
@MainActor
@Suite struct TestStoreFailureTests {
  @Test func aStateMismatchIsReportedWithADiff() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await withKnownIssue {
      await store.send(.incrementButtonTapped) { $0.count = 2 }
    } matching: { issue in
      let text = issue.description
      return text.contains("A state change does not match expectation")
        && text.contains("−") && text.contains("count: 2")
        && text.contains("+") && text.contains("count: 1")
    }
  }

  @Test func anUnassertedChangeIsReported() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await withKnownIssue {
      await store.send(.incrementButtonTapped)
    } matching: { issue in
      issue.description.contains("State was not expected to change, but a change occurred")
    }
  }

  @Test func anAssertionThatChangesNothingIsReported() async {
    let store = TestStore(initialState: CounterFeature.State(count: 1)) { CounterFeature() }
    await withKnownIssue {
      await store.send(.dismissAlert) { $0.factAlert = nil }
    } matching: { issue in
      issue.description.contains("Expected state to change, but no change occurred")
    }
  }

  @Test func aCorrectAssertionPasses() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
    #expect(store.state == CounterFeature.State())
  }

  @Test func anUnexpectedActionIsReportedByName() async {
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) facts" }
    }
    await store.send(.factButtonTapped)
    await withKnownIssue {
      await store.receive(.timerTick)
    } matching: { issue in
      // The unasserted state change of the unexpected action is reported too.
      (issue.description.contains("Received unexpected action") && issue.description.contains("factResponse"))
        || issue.description.contains("State was not expected to change")
    }
  }

  @Test func receivingWhenNothingCanArriveFails() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await withKnownIssue {
      await store.receive(\.timerTick, timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("Expected to receive an action matching case path, but didn't get one.")
    }
  }

  @Test func sendingBeforeHandlingReceivedActionsIsReported() async {
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) facts" }
    }
    await store.send(.factButtonTapped)
    await withKnownIssue {
      await store.send(.incrementButtonTapped) { $0.count = 1 }
    } matching: { issue in
      // The state the unhandled action changed then differs from what the test expects, too.
      issue.description.contains("Must handle 1 received action before sending an action")
        || issue.description.contains("A state change does not match expectation")
    }
    await store.skipReceivedActions()
  }

  @Test func anUnreceivedActionAtTheEndIsReported() async {
    await withKnownIssue {
      let store = TestStore(initialState: CounterFeature.State()) {
        CounterFeature()
      } withDependencies: {
        $0.factClient.fetch = { "\($0) facts" }
      }
      await store.send(.factButtonTapped)
      await store.finish()
    } matching: { issue in
      issue.description.contains("The store received 1 unexpected action.")
        && issue.description.contains("factResponse")
    }
  }

  @Test func anEffectStillRunningAtTheEndIsReportedAtItsSend() async {
    let clock = TestClock()
    let sendLine = #line + 7
    await withKnownIssue {
      let store = TestStore(initialState: CounterFeature.State()) {
        CounterFeature()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    } matching: { issue in
      issue.description.contains("An effect returned for this action is still running")
        && issue.sourceLocation?.line == sendLine
    }
  }

  @Test func finishWaitsForEffectsAndFailsOnThoseThatOutlastIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("Expected effects to finish, but there are still effects in-flight after")
    }
    await store.skipInFlightEffects()
  }

  @Test func skippingInFlightEffectsEndsTheTestCleanly() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    await store.skipInFlightEffects()
  }

  @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.toggleTimerButtonTapped)
    await clock.advance(by: .seconds(3))
    // The first tick matches; sending skips the two after it, adopting their state.
    await store.receive(\.timerTick) { $0.count = 1 }
    await store.send(.incrementButtonTapped) { $0.count = 4 }
  }
}
