/// How a child process ended.
enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
  case exited(Int)
  case signalled(Int32)
  case unknown

  var description: String {
    switch self {
    case let .exited(code): "exited with status \(code)"
    case let .signalled(signal): "killed by signal \(signal)"
    case .unknown: "ended"
    }
  }
}
