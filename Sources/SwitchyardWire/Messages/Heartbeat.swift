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
}
