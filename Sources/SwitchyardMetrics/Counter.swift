import Synchronization

/// A value that only goes up, such as effects completed: one atomic add per count, so counting
/// costs a few nanoseconds on any thread and a scrape reads it without a lock.
public final class Counter: Sendable {
  private let count = Atomic<UInt64>(0)
  // A total set from elsewhere (`setTotal`), as a double's bit pattern.
  private let total = Atomic<UInt64>(0.0.bitPattern)

  init() {}

  /// Adds `amount`.
  public func increment(by amount: UInt64 = 1) {
    count.wrappingAdd(amount, ordering: .relaxed)
  }

  /// Sets the total another source keeps, such as the kernel's CPU time, read at scrape time.
  public func setTotal(_ value: Double) {
    total.store(value.bitPattern, ordering: .relaxed)
  }

  /// The current total.
  public var value: Double {
    Double(count.load(ordering: .relaxed)) + Double(bitPattern: total.load(ordering: .relaxed))
  }
}
