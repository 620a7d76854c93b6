/// How a pool is doing, as `switchyard status` shows it.
enum PoolHealth: Equatable, Sendable, CustomStringConvertible {
  /// As many ready workers as its target.
  case healthy
  /// Fewer ready workers than its target (starting, restarting, or scaling), or scaled to none with
  /// jobs queued; or, for a remote pool, Redis lost its jobs a moment ago (``reported(with:)``).
  case degraded
  /// Restarted more often than its policy allows; it runs nothing until it is scaled again.
  case failed(reason: String)

  var description: String {
    switch self {
    case .healthy: "healthy"
    case .degraded: "degraded"
    case .failed: "failed"
    }
  }
}
