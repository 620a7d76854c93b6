/// Why the coordinator's connection to a worker ended.
package enum WorkerCloseReason: Equatable, Sendable, CustomStringConvertible {
  /// The worker closed its standard output or exited.
  case endOfStream
  /// The worker sent bytes that are not a valid frame or message; it was killed.
  case malformed(String)

  package var description: String {
    switch self {
    case .endOfStream: "closed its output"
    case let .malformed(reason): "sent a malformed frame (\(reason))"
    }
  }
}
