import Synchronization

/// A value that goes up and down, such as effects queued: set by whoever knows it, read by a
/// scrape without a lock.
public final class Gauge: Sendable {
  private let bits = Atomic<UInt64>(0.0.bitPattern)

  init() {}

  /// Sets the value.
  public func set(_ value: Double) {
    bits.store(value.bitPattern, ordering: .relaxed)
  }

  /// Sets the value to `duration`, in seconds.
  public func set(_ duration: Duration) {
    set(duration.seconds)
  }

  /// The current value.
  public var value: Double {
    Double(bitPattern: bits.load(ordering: .relaxed))
  }
}
