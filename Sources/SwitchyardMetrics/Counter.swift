import Synchronization

/// A value that only goes up, such as effects completed: one atomic, so counting costs a few
/// nanoseconds on any thread and a scrape reads it without a lock.
public final class Counter: Sendable {
  // The value's bit pattern: Prometheus samples are doubles, and whole counts stay exact to 2^53.
  private let bits = Atomic<UInt64>(0)

  init() {}

  /// Adds `amount`, which must not be negative.
  public func increment(by amount: Double = 1) {
    var current = bits.load(ordering: .relaxed)
    while true {
      let next = (Double(bitPattern: current) + amount).bitPattern
      let (exchanged, original) = bits.compareExchange(
        expected: current, desired: next, successOrdering: .relaxed, failureOrdering: .relaxed
      )
      if exchanged { return }
      current = original
    }
  }

  /// Sets the total another source keeps, such as the kernel's CPU time, read at scrape time.
  public func setTotal(_ value: Double) {
    bits.store(value.bitPattern, ordering: .relaxed)
  }

  /// The current total.
  public var value: Double {
    Double(bitPattern: bits.load(ordering: .relaxed))
  }
}
