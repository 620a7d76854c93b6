/// Why a ``LocalRedisServer`` could not run.
package enum LocalRedisServerError: Error, CustomStringConvertible {
  /// No `redis-server` on PATH.
  case notInstalled
  /// It started but never answered.
  case didNotStart(log: String)
  /// Another process took the port it was started on meanwhile: another server answered there,
  /// or it could not listen there.
  case portTaken(UInt16)

  package var description: String {
    switch self {
    case .notInstalled:
      "redis-server is not installed; install it with `apt-get update && apt-get install -y redis-server`."
    case let .didNotStart(log):
      "redis-server did not answer PING within 10 s. Its log:\n\(log.suffix(2000))"
    case let .portTaken(port):
      "another process took port \(port) before redis-server could listen on it; start it again."
    }
  }
}
