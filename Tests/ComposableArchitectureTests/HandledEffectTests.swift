import ComposableArchitecture
import Testing

/// Stands in for work that reports back on the main actor: the test drives each started effect's
/// handle by hand.
@MainActor
private final class HandleSource {
  var handles: [EffectHandle<Int>] = []
  var cancels = 0
}

private struct Handled: Reducer {
  struct State: Equatable {
    var received: [Int] = []
  }

  enum Action: Equatable {
    case start
    case startTwo
    case startAndCancelInOneReduction
    case cancel
    case response(Int)
  }

  enum CancelID { case work }

  let source: HandleSource

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return handled.cancellable(id: CancelID.work)
    case .startTwo:
      return .merge(handled, handled.cancellable(id: CancelID.work))
    case .startAndCancelInOneReduction:
      return .merge(handled.cancellable(id: CancelID.work), .cancel(id: CancelID.work))
    case .cancel:
      return .cancel(id: CancelID.work)
    case let .response(value):
      state.received.append(value)
      return .none
    }
  }

  /// Mapped, as a scoped child's effect would be.
  private var handled: Effect<Action> {
    Effect<Int>.handled { [source] handle in
      source.handles.append(handle)
      handle.onCancel { source.cancels += 1 }
    }
    .map(Action.response)
  }
}

@MainActor
@Suite struct HandledEffectTests {
  @Test func sendsReachTheReducerAndTheSendFinishesOnlyWhenTheEffectEnds() async throws {
    let source = HandleSource()
    let store = Store(initialState: Handled.State()) { Handled(source: source) }
    let task = store.send(.start)
    let handle = try #require(source.handles.first)
    handle.send(1)
    #expect(store.received == [1])
    let waiter = Task {
      await task.finish()
      return store.received
    }
    // Lets the waiter reach `finish`, which must not return before the effect ends.
    await Task.yield()
    handle.send(2)
    handle.end()
    #expect(await waiter.value == [1, 2])
  }

  @Test func cancellingCallsOnCancelAndDropsWhatTheEffectStillSends() async throws {
    let source = HandleSource()
    let store = Store(initialState: Handled.State()) { Handled(source: source) }
    let task = store.send(.start)
    let handle = try #require(source.handles.first)
    store.send(.cancel)
    #expect(source.cancels == 1)
    #expect(handle.isCancelled)
    handle.send(3)
    handle.end()
    await task.finish()
    #expect(store.received.isEmpty)
  }

  @Test func anEffectCancelledBeforeItStartsNeverStartsAndEnds() async {
    let source = HandleSource()
    let store = Store(initialState: Handled.State()) { Handled(source: source) }
    await store.send(.startAndCancelInOneReduction).finish()
    #expect(source.handles.isEmpty)
  }

  @Test func aTestStoreReceivesItsActionsAndWaitsForItsEnd() async throws {
    let source = HandleSource()
    let store = TestStore(initialState: Handled.State()) { Handled(source: source) }
    await store.send(.start)
    let handle = try #require(source.handles.first)
    handle.send(5)
    await store.receive(.response(5)) { $0.received = [5] }
    handle.end()
    await store.finish()
  }

  @Test func aTestStoreReportsAHandledEffectThatNeverEnds() async {
    let source = HandleSource()
    let store = TestStore(initialState: Handled.State()) { Handled(source: source) }
    await store.send(.start)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("Expected effects to finish, but there are still effects in-flight after")
    }
    await store.skipInFlightEffects()
  }

  @Test func aSendThatStartsTwoEffectsFinishesWhenBothEndAndCancelsBoth() async throws {
    let source = HandleSource()
    let store = Store(initialState: Handled.State()) { Handled(source: source) }
    let task = store.send(.startTwo)
    #expect(source.handles.count == 2)
    source.handles[0].end()
    let waiter = Task {
      await task.finish()
      return source.handles[1].isCancelled
    }
    await Task.yield()
    source.handles[1].send(7)
    source.handles[1].end()
    #expect(await waiter.value == false)
    #expect(store.received == [7])

    let second = store.send(.startTwo)
    second.cancel()
    #expect(source.cancels == 2)
    #expect(source.handles[2].isCancelled && source.handles[3].isCancelled)
    source.handles[2].end()
    source.handles[3].end()
    await second.finish()
  }

  @Test func anEndedEffectLeavesItsCancelIDAndIsNotCancelledLater() async throws {
    let source = HandleSource()
    let store = Store(initialState: Handled.State()) { Handled(source: source) }
    let first = store.send(.start)
    source.handles[0].end()
    await first.finish()
    let second = store.send(.start)
    store.send(.cancel)
    // Only the running effect hears the cancel: the ended one left the id when it ended.
    #expect(source.cancels == 1)
    #expect(!source.handles[0].isCancelled)
    #expect(source.handles[1].isCancelled)
    source.handles[1].end()
    await second.finish()
  }
}
