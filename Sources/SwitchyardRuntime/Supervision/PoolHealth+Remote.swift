import SwitchyardWire

extension PoolHealth {
  /// How long a remote pool reads `degraded` after Redis last lost its jobs or its stream's worker
  /// group: long enough for a status poll or an alert to see it; the jobs are dispatched again
  /// within seconds, and the count of those lost stays in status and the metrics.
  static let degradedAfterRedisLossMillis: Int64 = 60_000

  /// This health as status and the metrics report it: a healthy remote pool whose Redis lost
  /// jobs within ``degradedAfterRedisLossMillis`` is `degraded`.
  func reported(with remote: RemotePoolStatus?) -> PoolHealth {
    guard self == .healthy, let ago = remote?.lastLossMillisAgo, ago < Self.degradedAfterRedisLossMillis else { return self }
    return .degraded
  }
}
