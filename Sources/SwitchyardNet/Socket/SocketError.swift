import Glibc

/// What went wrong in a socket call; the WebSocket and HTTP layers turn it into their own errors.
package enum SocketError: Error, Equatable, CustomStringConvertible {
  /// A system call failed with `errno`.
  case system(call: String, errno: Int32)
  /// The host name did not resolve.
  case hostNotFound(host: String, reason: String)
  /// The deadline passed before the peer answered or accepted bytes.
  case timedOut
  /// The socket was already closed on this side.
  case closed

  /// The error of the system call that just failed, from the thread's `errno`.
  static func lastError(_ call: String) -> SocketError {
    .system(call: call, errno: errno)
  }

  package var description: String {
    switch self {
    case .system(let call, let code):
      return "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    case .hostNotFound(let host, let reason):
      return "the host \(host) did not resolve: \(reason)"
    case .timedOut:
      return "the peer did not answer in time"
    case .closed:
      return "the socket is already closed"
    }
  }
}
