/// How a child process ended: a worker, or a process a test started.
package enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
  /// It exited with this status.
  case exited(Int)
  /// A signal killed it.
  case signalled(Int32)
  /// Its transport cannot tell.
  case unknown

  package var description: String {
    switch self {
    case let .exited(code): "exited with status \(code)"
    case let .signalled(signal): "killed by signal \(signal)"
    case .unknown: "ended"
    }
  }
}
