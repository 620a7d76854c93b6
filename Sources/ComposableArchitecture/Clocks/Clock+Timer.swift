extension Clock {
  /// Ticks every `interval` until the consuming task is cancelled: `for await _ in clock.timer(interval: .seconds(1))`.
  ///
  /// Tick `n` is due `n` intervals after the timer was made, however late the previous one was
  /// consumed, so a timer driven by a `TestClock` ticks exactly once per interval advanced.
  public func timer(interval: Duration) -> AsyncTimerSequence {
    let start = now
    return AsyncTimerSequence { tick in
      try await sleep(until: start.advanced(by: interval * tick), tolerance: nil)
    }
  }
}

/// The ticks of ``Clock/timer(interval:)``.
///
/// Not generic over the clock, so it works on `any Clock<Duration>`, the type of clock dependencies.
/// The consumer sleeps on the clock itself, with no task in between, so a `TestClock` sees the sleep
/// as soon as the consumer asks for the next tick.
public struct AsyncTimerSequence: AsyncSequence, Sendable {
  public typealias Element = Void

  let sleepUntilTick: @Sendable (Int) async throws -> Void

  public func makeAsyncIterator() -> Iterator {
    Iterator(sleepUntilTick: sleepUntilTick)
  }

  /// Sleeps until each next tick; ends when the consuming task is cancelled.
  public struct Iterator: AsyncIteratorProtocol {
    let sleepUntilTick: @Sendable (Int) async throws -> Void
    var tick = 0

    public mutating func next() async -> Void? {
      tick += 1
      do {
        try await sleepUntilTick(tick)
        return ()
      } catch {
        return nil
      }
    }
  }
}
