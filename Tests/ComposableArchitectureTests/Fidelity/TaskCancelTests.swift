import ComposableArchitecture
import Testing

/// Starts a long request and a watchdog that cancels it by id from inside an effect, as TCA
/// features do with `Task.cancel(id:)`.
private struct Watchdog: Reducer {
  enum Action: Equatable { case start, stop, selfCancel, response, cancelled }
  enum CancelID { case request }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout [Action], action: Action) -> Effect<Action> {
    state.append(action)
    switch action {
    case .start:
      return .run { send in
        do {
          try await clock.sleep(for: .seconds(10))
          await send(.response)
        } catch {
          await send(.cancelled)
        }
      }
      .cancellable(id: CancelID.request)
    case .stop:
      return .run { _ in Task.cancel(id: CancelID.request) }
    case .selfCancel:
      // The effect cancels itself before its first suspension: its task is cancelled at once.
      return .run { send in
        Task.cancel(id: CancelID.request)
        guard Task.isCancelled else { return await send(.response) }
      }
      .cancellable(id: CancelID.request)
    case .response, .cancelled:
      return .none
    }
  }
}

@MainActor
@Suite struct TaskCancelTests {
  @Test func taskCancelInAnEffectCancelsTheStoresCancellableEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: []) { Watchdog() } withDependencies: { $0.continuousClock = clock }
    await store.send(.start) { $0 = [.start] }
    await store.send(.stop) { $0 = [.start, .stop] }
    // Cancelled: the sleep throws, but what the effect sends after it is dropped.
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func taskCancelOfItsOwnIDCancelsTheCallingEffectsTask() async {
    let store = TestStore(initialState: []) { Watchdog() }
    await store.send(.selfCancel) { $0 = [.selfCancel] }
    await store.finish()
  }

  @Test func taskCancelStillCancelsWithTaskCancellation() async {
    let started = AsyncStream<Void>.makeStream()
    let task = Task {
      try await withTaskCancellation(id: Watchdog.CancelID.request) {
        started.continuation.yield()
        try await Task.sleep(for: .seconds(60))
      }
    }
    for await _ in started.stream { break }
    Task.cancel(id: Watchdog.CancelID.request)
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
