/// Why a ``LocalRedisServer`` could not run.
package enum LocalRedisServerError: Error, CustomStringConvertible {
  /// No `redis-server` on PATH.
  case notInstalled
  /// It started but never answered.
  case didNotStart(log: String)

  package var description: String {
    switch self {
    case .notInstalled:
      "redis-server is not installed; install it with `apt-get update && apt-get install -y redis-server`."
    case let .didNotStart(log):
      "redis-server did not answer PING within 10 s. Its log:\n\(log.suffix(2000))"
    }
  }
}
