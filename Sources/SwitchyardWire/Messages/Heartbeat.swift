/// Worker → coordinator, unsolicited and periodic: the worker is alive and this busy.
public struct Heartbeat: Equatable, Sendable, Codable {
  /// Jobs the worker is running now.
  public var inFlight: Int
  /// Monotonic counters the worker's handlers keep, such as `"requests"` or `"cacheHits"`.
  public var counters: [String: Int64]

  /// Creates a heartbeat.
  public init(inFlight: Int, counters: [String: Int64] = [:]) {
    self.inFlight = inFlight
    self.counters = counters
  }

  /// Two counters added as pools and status sum them, stopping at `Int64`'s bounds: a counter is
  /// whatever a worker's frame, or any Redis client, wrote, and two near a bound added with `+`
  /// trapped the coordinator.
  public static func sum(_ a: Int64, _ b: Int64) -> Int64 {
    let (total, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? .max : .min) : total
  }
}
