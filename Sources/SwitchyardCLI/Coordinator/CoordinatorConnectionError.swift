import SwitchyardWire

/// Why a command could not get what it asked of a coordinator.
public enum CoordinatorConnectionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing serves the run directory's control socket.
  case noCoordinator(runDirectory: String)
  /// The coordinator answered with an error; its message says what was wrong with the request.
  case refused(code: ControlErrorCode, message: String)
  /// The connection failed after it was made.
  case connectionLost(String)
  /// The coordinator answered with a message that does not answer the request.
  case unexpectedReply(String)

  /// The name this executable was run by, as the user typed it.
  private static var executableName: String {
    CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "switchyard") } ?? "switchyard"
  }

  /// One line saying what happened and what to do.
  public var description: String {
    switch self {
    case let .noCoordinator(runDirectory):
      "no coordinator at \(runDirectory) (start one with: \(Self.executableName) start)"
    case let .refused(_, message):
      message
    case let .connectionLost(reason):
      "lost the coordinator: \(reason)"
    case let .unexpectedReply(type):
      "the coordinator answered with an unexpected '\(type)' message"
    }
  }
}
