import Testing
@testable import SwitchyardRuntime

/// Dispatch rules, without processes: least in-flight first, a per-worker limit, a bounded queue.
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
}
