import Testing
@testable import SwitchyardRuntime

/// Dispatch rules, without processes: least in-flight first, a per-worker limit, a bounded queue,
/// affinity keys.
struct PoolSchedulerTests {
  @Test func placesOnTheLeastLoadedWorker() {
    var scheduler = PoolScheduler<Int, Int>(perWorkerLimit: 2, queueLimit: 1)
    _ = scheduler.addWorker(1)
    _ = scheduler.addWorker(2)
    #expect(scheduler.place(10) == .worker(1))
    #expect(scheduler.place(11) == .worker(2))
    #expect(scheduler.place(12) == .worker(1))
    #expect(scheduler.place(13) == .worker(2))
    #expect(scheduler.place(14) == .queued)
    #expect(scheduler.place(15) == .overloaded)
  }

  @Test func aCompletedEffectHandsItsSlotToTheQueue() {
    var scheduler = PoolScheduler<Int, Int>(perWorkerLimit: 1, queueLimit: 4)
    _ = scheduler.addWorker(1)
    #expect(scheduler.place(10) == .worker(1))
    #expect(scheduler.place(11) == .queued)
    #expect(scheduler.place(12) == .queued)
    #expect(scheduler.complete(10, on: 1) == [11])
    #expect(scheduler.queued == [12])
  }

  @Test func aRetryGoesToTheFrontEvenPastTheLimit() {
    var scheduler = PoolScheduler<Int, Int>(perWorkerLimit: 1, queueLimit: 1)
    #expect(scheduler.place(10) == .queued)
    #expect(scheduler.placeFirst(9) == .queued)
    #expect(scheduler.queued == [9, 10])
    #expect(scheduler.addWorker(1) == [9])
  }

  @Test func anEffectThatEndsWhileQueuedLeavesTheQueueAndTheRestKeepTheirOrder() {
    var scheduler = PoolScheduler<Int, Int>(perWorkerLimit: 1, queueLimit: 8)
    _ = scheduler.addWorker(1)
    #expect(scheduler.place(10) == .worker(1))
    for effect in 11...15 { #expect(scheduler.place(effect) == .queued) }

    let removed = [11, 13, 10, 11].map { scheduler.removeQueued($0) }

    // From the front, from the middle; 10 runs, and 11 left already.
    #expect(removed == [true, true, false, false])

    #expect(scheduler.queuedCount == 3 && scheduler.queued == [12, 14, 15])
    #expect(scheduler.place(16) == .queued)
    #expect(scheduler.complete(10, on: 1) == [12], "the first still waiting takes the slot")
    #expect(scheduler.queued == [14, 15, 16])
  }

  @Test func aDrainingWorkerKeepsItsEffectsButTakesNoNewOnes() {
    var scheduler = PoolScheduler<Int, Int>(perWorkerLimit: 4, queueLimit: 4)
    _ = scheduler.addWorker(1)
    #expect(scheduler.place(10) == .worker(1))
    scheduler.drain(1)
    #expect(scheduler.place(11) == .queued)
    #expect(scheduler.complete(10, on: 1) == [])
    #expect(scheduler.removeWorker(1) == [])
  }

  @Test func removingAWorkerReturnsItsEffects() {
    var scheduler = PoolScheduler<Int, Int>(perWorkerLimit: 4, queueLimit: 4)
    _ = scheduler.addWorker(1)
    _ = scheduler.place(10)
    _ = scheduler.place(11)
    #expect(scheduler.removeWorker(1) == [10, 11])
  }

  @Test func effectsWithTheSameKeyRunOnTheSameWorkerEvenWhenAnotherIsIdle() {
    var scheduler = PoolScheduler<Int, Int>(perWorkerLimit: 4, queueLimit: 4)
    _ = scheduler.addWorker(1)
    _ = scheduler.addWorker(2)
    #expect(scheduler.place(10, key: "a") == .worker(1))
    #expect(scheduler.place(11, key: "b") == .worker(2))
    #expect(scheduler.place(12, key: "a") == .worker(1))
    #expect(scheduler.place(13, key: "a") == .worker(1))
    _ = scheduler.complete(10, on: 1)
    _ = scheduler.complete(12, on: 1)
    #expect(scheduler.place(14, key: "a") == .worker(1))
  }

  @Test func aKeyIsUnboundWhenItsLastEffectEndsSoBindingsNeverOutnumberEffectsInFlight() {
    var scheduler = PoolScheduler<Int, Int>(perWorkerLimit: 4, queueLimit: 4)
    _ = scheduler.addWorker(1)
    _ = scheduler.addWorker(2)
    #expect(scheduler.place(10, key: "a") == .worker(1))
    #expect(scheduler.place(11, key: "a") == .worker(1))
    _ = scheduler.complete(10, on: 1)
    #expect(scheduler.homes["a"] == 1)
    _ = scheduler.complete(11, on: 1)
    #expect(scheduler.homes.isEmpty)
    for effect in 20..<30 { _ = scheduler.place(effect, key: "session-\(effect)") }
    #expect(scheduler.homes.count == 8)
    _ = scheduler.removeWorker(1)
    _ = scheduler.removeWorker(2)
    #expect(scheduler.homes.isEmpty)
  }

  @Test func aKeyWhoseWorkerIsFullWaitsForThatWorkerAndBlocksNoOtherEffect() {
    var scheduler = PoolScheduler<Int, Int>(perWorkerLimit: 1, queueLimit: 4)
    _ = scheduler.addWorker(1)
    _ = scheduler.addWorker(2)
    #expect(scheduler.place(10, key: "a") == .worker(1))
    #expect(scheduler.place(11, key: "a") == .queued)
    #expect(scheduler.place(12) == .worker(2))
    #expect(scheduler.place(13) == .queued)
    // Worker 2 frees up: it takes the unkeyed effect behind the one waiting for worker 1.
    #expect(scheduler.complete(12, on: 2) == [13])
    #expect(scheduler.queued == [11])
    #expect(scheduler.complete(10, on: 1) == [11])
  }

  @Test func aKeyBindsAgainWhenItsWorkerDiesOrDrains() {
    var scheduler = PoolScheduler<Int, Int>(perWorkerLimit: 1, queueLimit: 4)
    _ = scheduler.addWorker(1)
    _ = scheduler.addWorker(2)
    _ = scheduler.addWorker(3)
    #expect(scheduler.place(10, key: "a") == .worker(1))
    #expect(scheduler.place(11, key: "a") == .queued)
    #expect(scheduler.removeWorker(1) == [10])
    // The effect that waited for the dead worker runs on a free one, and the key follows it.
    #expect(scheduler.fillAll().map(\.worker) == [2])
    #expect(scheduler.homes["a"] == 2)
    #expect(scheduler.placeFirst(10, key: "a") == .queued)
    scheduler.drain(2)
    #expect(scheduler.homes["a"] == nil)
    #expect(scheduler.fillAll().map(\.worker) == [3])
    #expect(scheduler.homes["a"] == 3)
  }
}
