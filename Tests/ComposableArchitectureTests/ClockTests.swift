import ComposableArchitecture
import Testing

@Suite struct ClockTests {
  @Test func sleepersWakeInDeadlineOrderAsTimeAdvances() async {
    let clock = TestClock()
    let woken = Woken()
    let tasks = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        await woken.append(seconds)
      }
    }
    await clock.advance(by: .seconds(1))
    #expect(await woken.values == [1])
    await clock.advance(by: .seconds(5))
    // Woken in deadline order; awaited, since while other tests' stores hold every task on the main
    // queue, a woken task may run only after `advance` returns.
    for task in tasks { _ = await task.result }
    #expect(await woken.values == [1, 2, 3])
    #expect(clock.now == .init(offset: .seconds(6)))
  }

  @Test func aCancelledSleepThrowsAndLeavesTheClock() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.advance(by: .zero)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    await clock.checkSuspension()
  }

  @Test func runAdvancesUntilNothingSleeps() async {
    let clock = TestClock()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      try await clock.sleep(for: .seconds(10))
    }
    await clock.run()
    #expect(clock.now == .init(offset: .seconds(11)))
    await #expect(throws: Never.self) { try await task.value }
  }

  @Test func aTimerTicksOncePerIntervalAdvanced() async {
    let clock = TestClock()
    let ticks = Woken()
    let task = Task {
      var count = 0
      for await _ in clock.timer(interval: .seconds(1)) {
        count += 1
        await ticks.append(count)
      }
    }
    await clock.advance(by: .seconds(3))
    #expect(await ticks.values == [1, 2, 3])
    task.cancel()
    await task.value
  }

  @Test func anImmediateClockReturnsAtOnceButMovesTime() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(60))
    #expect(clock.now == .init(offset: .seconds(60)))
  }
}

private actor Woken {
  var values: [Int] = []

  func append(_ value: Int) {
    values.append(value)
  }
}
