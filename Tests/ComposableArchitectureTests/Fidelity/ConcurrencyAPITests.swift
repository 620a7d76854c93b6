import ComposableArchitecture
import Dispatch
import Testing

@MainActor
@Suite struct ConcurrencyAPITests {
  @Test func lockIsolatedGuardsAValue() async {
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 { group.addTask { count.withValue { $0 += 1 } } }
    }
    #expect(count.value == 100)
    count.setValue(7)
    #expect(count == LockIsolated(7))
  }

  @Test func taskNeverEndsOnlyWhenCancelled() async {
    let task = Task { try await Task<Void, Never>.never() }
    await Task.megaYield()
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func withTaskCancellationIsCancelledByID() async {
    enum ID { case work }
    let started = LockIsolated(false)
    let task = Task {
      try await withTaskCancellation(id: ID.work) {
        started.setValue(true)
        try await Task<Void, Never>.never()
      }
    }
    while !started.value { await Task.yield() }
    Task.cancel(id: ID.work)
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func cancelInFlightCancelsTheEarlierWork() async {
    enum ID { case work }
    let first = Task {
      try await withTaskCancellation(id: ID.work) { try await Task<Void, Never>.never() }
    }
    await Task.megaYield()
    let second = Task {
      await withTaskCancellation(id: ID.work, cancelInFlight: true) { 42 }
    }
    await #expect(throws: CancellationError.self) { try await first.value }
    #expect(await second.value == 42)
  }

  @Test func aStoreCancelEffectCancelsTaskCancellationWork() async {
    enum ID { case work }
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { _, start in
        start
          ? .run { _ in try await withTaskCancellation(id: ID.work) { try await Task.never() } }
          : .cancel(id: ID.work)
      }
    }
    let task = store.send(true)
    await Task.megaYield()
    store.send(false)
    await task.finish()
  }

  @Test func theMainSerialExecutorOrdersConcurrentChildren() async {
    let order = LockIsolated<[Int]>([])
    let onMainQueue = LockIsolated<[Bool]>([])
    let mainQueueKey = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: 1)
    await withMainSerialExecutor {
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<10 {
          group.addTask {
            onMainQueue.withValue { $0.append(DispatchQueue.getSpecific(key: mainQueueKey) == 1) }
            order.withValue { $0.append(index) }
          }
        }
      }
    }
    #expect(order.value == Array(0..<10))
    #expect(onMainQueue.value == Array(repeating: true, count: 10))
  }
}
