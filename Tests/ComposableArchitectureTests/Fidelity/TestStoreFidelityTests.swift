import ComposableArchitecture
import Foundation
import Testing

/// Counts on a clock, sending what it counted.
private struct Beeper: Reducer {
  struct State: Equatable { var beeps = 0 }
  enum Action: Equatable { case start, beep, noisyStart, fail, escape, late }
  struct Failure: Error {}
  @Dependency(\.continuousClock) var clock
  let escaped = LockIsolated<Send<Action>?>(nil)

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.beep)
      }
    case .noisyStart:
      return .send(.beep)
    case .beep:
      state.beeps += 1
      return .none
    case .fail:
      return .run { _ in throw Failure() }
    case .escape:
      return .run { [escaped] send in escaped.setValue(send) }
    case .late:
      return .none
    }
  }
}

@MainActor
@Suite struct TestStoreFidelityTests {
  @Test func aZeroSleepWaitsForTheNextAdvance() async throws {
    let clock = TestClock()
    let woke = LockIsolated(false)
    let sleeper = Task {
      try await clock.sleep(for: .zero)
      woke.setValue(true)
    }
    await Task.megaYield()
    #expect(!woke.value)
    await clock.advance()
    try await sleeper.value
    #expect(woke.value)
  }

  @Test func skippedEffectsKeepRunning() async {
    let clock = TestClock()
    let store = TestStore(initialState: Beeper.State()) { Beeper() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.beep) { $0.beeps = 1 }
  }

  @Test func finishReportsActionsReceivedButNotAsserted() async {
    let store = TestStore(initialState: Beeper.State()) { Beeper() }
    await store.send(.noisyStart)
    await withKnownIssue {
      await store.finish()
    } matching: {
      $0.description.contains("The store received 1 unexpected action.")
        && $0.description.contains("Unhandled actions:")
    }
    await store.skipReceivedActions()
  }

  @Test func anUnexpectedReceivedActionIsTheOnlyFailure() async {
    let store = TestStore(initialState: Beeper.State()) { Beeper() }
    await withKnownIssue {
      await store.send(.noisyStart) { _ in }
    } matching: { _ in true }
    let issues = LockIsolated(0)
    await withKnownIssue {
      await store.receive(.late)
    } matching: { issue in
      issues.withValue { $0 += 1 }
      return issue.description.contains("Received unexpected action:")
    }
    #expect(issues.value == 1)
  }

  @Test func receivingWithNothingInFlightFailsAtOnce() async {
    let store = TestStore(initialState: Beeper.State()) { Beeper() }
    let started = ContinuousClock.now
    await withKnownIssue {
      await store.receive(.beep, timeout: .seconds(5))
    } matching: { $0.description.contains("Expected to receive the following action, but didn't:") }
    #expect(ContinuousClock.now - started < .seconds(2))
  }

  @Test func aTimedOutReceiveSaysSoInTCAsWords() async {
    let clock = TestClock()
    let store = TestStore(initialState: Beeper.State()) { Beeper() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await withKnownIssue {
      await store.receive(.beep, timeout: .milliseconds(50))
    } matching: {
      $0.description.contains("Expected to receive an action, but received none after")
        || $0.description.contains("Expected to receive the following action, but didn't:")
    }
    await store.skipInFlightEffects()
  }

  @Test func failuresAreWordedAsTCAWordsThemAtTheCallersLine() async {
    let store = TestStore(initialState: Beeper.State()) { Beeper() }
    let line = #line + 2
    await withKnownIssue {
      await store.send(.noisyStart) { $0.beeps = 2 }
    } matching: {
      $0.sourceLocation?.line == line
        && ($0.description.contains("A state change does not match expectation.")
          || $0.description.contains("Must handle") || $0.description.contains("The store received"))
    }
    await store.skipReceivedActions(strict: false)
  }

  @Test func anEscapingErrorIsReportedInTCAsWords() async {
    let store = TestStore(initialState: Beeper.State()) { Beeper() }
    await withKnownIssue {
      await store.send(.fail)
      await store.finish()
    } matching: {
      $0.description.contains(#"threw an unhandled error."#)
        && $0.description.contains(#"All non-cancellation errors must be explicitly handled via the "catch" parameter"#)
    }
  }

  @Test func anActionFromACompletedEffectIsReportedInTCAsWords() async {
    let beeper = Beeper()
    let store = TestStore(initialState: Beeper.State()) { beeper }
    await store.send(.escape)
    await store.finish()
    withKnownIssue {
      beeper.escaped.value?(.beep)
    } matching: {
      $0.description.contains("An action was sent from a completed effect.")
        && $0.description.contains("Effect returned from:")
    }
  }

  @Test func throttleDeliversTheFirstActionOfTheWindowAtItsEnd() async {
    struct Throttled: Reducer {
      struct State: Equatable { var values: [Int] = [] }
      enum Action: Equatable { case tap(Int), record(Int) }
      let clock: TestClock<Duration>
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case let .tap(value):
          return .send(.record(value)).throttle(id: "tap", for: .seconds(1), clock: clock, latest: false)
        case let .record(value):
          state.values.append(value)
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Throttled.State()) { Throttled(clock: clock) }
    await store.send(.tap(1))
    await store.receive(.record(1)) { $0.values = [1] }
    await store.send(.tap(2))
    await store.send(.tap(3))
    await clock.advance(by: .seconds(1))
    await store.receive(.record(2)) { $0.values = [1, 2] }
  }

  @Test func aTestStoreRunsFannedOutEffectWorkInOrder() async {
    struct FanOut: Reducer {
      struct State: Equatable { var order: [Int] = [] }
      enum Action: Equatable { case start, finished([Int]) }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .run { send in
            let order = LockIsolated<[Int]>([])
            await withTaskGroup(of: Void.self) { group in
              for index in 0..<20 {
                group.addTask { order.withValue { $0.append(index) } }
              }
            }
            await send(.finished(order.value))
          }
        case let .finished(order):
          state.order = order
          return .none
        }
      }
    }
    let store = TestStore(initialState: FanOut.State()) { FanOut() }
    store.useMainSerialExecutor = true
    await store.send(.start)
    await store.receive(.finished(Array(0..<20))) { $0.order = Array(0..<20) }
  }
}
