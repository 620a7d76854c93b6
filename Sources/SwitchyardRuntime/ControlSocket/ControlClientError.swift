#if canImport(Glibc)
import Glibc
#endif

/// Why talking to a coordinator's control socket failed.
public enum ControlClientError: Error, Equatable, CustomStringConvertible {
  /// Nothing accepts connections at the path: no coordinator runs there.
  case connectFailed(path: String, errno: Int32)
  /// Nothing accepts connections at the TCP address (`start --control-listen`).
  case unreachable(address: String, reason: String)
  /// The coordinator refused the connection, saying why (a TCP listener's token did not match).
  case refused(String)
  /// No reply came in time.
  case timedOut
  /// The coordinator closed the connection.
  case closed
  /// The coordinator sent something that is not a control message.
  case malformed(String)

  /// A sentence saying what went wrong and what to try.
  public var description: String {
    switch self {
    case let .connectFailed(path, code):
      "Cannot reach a coordinator at \(path): \(String(cString: strerror(code))). Is 'switchyard start' running with this --run-dir?"
    case let .unreachable(address, reason):
      "Cannot reach a coordinator at \(address): \(reason). Is it started with --control-listen there, and is the port open?"
    case let .refused(message):
      "The coordinator refused the connection: \(message)"
    case .timedOut:
      "The coordinator did not answer in time."
    case .closed:
      "The coordinator closed the connection."
    case let .malformed(reason):
      "The coordinator sent a malformed message: \(reason)."
    }
  }
}
