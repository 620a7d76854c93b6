/// Why `switchyard load` could not run.
package enum LoadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The coordinator it started exited; its log says why.
  case coordinatorExited(log: String)
  /// Pools did not get their workers ready in time; `detail` names which, or holds the log.
  case poolsNotReady(String)

  /// One line, with the coordinator's own words when there are any.
  package var description: String {
    switch self {
    case let .coordinatorExited(log):
      "the spawned coordinator exited: \(log.trimmingCharacters(in: .whitespacesAndNewlines))"
    case let .poolsNotReady(detail):
      "workers were not ready within 20 s: \(detail.trimmingCharacters(in: .whitespacesAndNewlines))"
    }
  }
}
