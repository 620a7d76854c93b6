/// Why an ``HTTPClient`` request got no usable answer. Each description is a sentence saying what
/// happened and, where it helps, what to check.
public enum HTTPClientError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The URL is not one the client can send to, e.g. it has no host.
  case invalidURL(String)
  /// The URL's scheme is not `http`; the client speaks plain HTTP/1.1 only, no TLS.
  case unsupportedScheme(String)
  /// A header name or value would break the request's framing (a CR, LF or invalid name).
  case invalidHeader(name: String)
  /// The host name did not resolve.
  case hostNotFound(host: String, reason: String)
  /// The connection was refused: nothing listens at `host:port`.
  case connectionRefused(host: String, port: Int)
  /// Connecting failed for another reason, e.g. the network is unreachable.
  case connectionFailed(host: String, port: Int, reason: String)
  /// The TCP connection was not set up within the connect timeout.
  case connectTimedOut(host: String, port: Int, timeout: Duration)
  /// The whole answer did not arrive within the request timeout.
  case timedOut(host: String, port: Int, timeout: Duration)
  /// The connection ended or broke before the answer was complete.
  case connectionLost(host: String, port: Int, reason: String)
  /// The answer is not well-formed HTTP/1.1.
  case malformedResponse(host: String, port: Int, problem: String)
  /// The answer's head (status line and headers) is over the limit.
  case headTooLarge(host: String, port: Int, limit: Int)
  /// The answer's body is over the limit.
  case bodyTooLarge(host: String, port: Int, limit: Int)

  /// What happened, in a sentence that says what to check or change.
  public var description: String {
    switch self {
    case .invalidURL(let url):
      return "'\(url)' is not an HTTP URL; use http://host:port/path."
    case .unsupportedScheme(let scheme):
      return "The scheme '\(scheme)' is not supported: SwitchyardNet's client speaks plain http:// only, not https:// (TLS)."
    case .invalidHeader(let name):
      return "The request header '\(name)' has a name or value that would break the request (CR, LF or a non-token name)."
    case .hostNotFound(let host, let reason):
      return "The host '\(host)' did not resolve (\(reason)); check the URL."
    case .connectionRefused(let host, let port):
      return "Nothing accepted the connection to \(ListenAddress.authority(host: host, port: port)); is the server running?"
    case .connectionFailed(let host, let port, let reason):
      return "Could not connect to \(ListenAddress.authority(host: host, port: port)) (\(reason))."
    case .connectTimedOut(let host, let port, let timeout):
      return "\(ListenAddress.authority(host: host, port: port)) did not accept the connection within \(timeout); check the address and the network."
    case .timedOut(let host, let port, let timeout):
      return "\(ListenAddress.authority(host: host, port: port)) gave no answer within \(timeout), the request's time limit."
    case .connectionLost(let host, let port, let reason):
      return "The connection to \(ListenAddress.authority(host: host, port: port)) dropped before the answer was complete (\(reason))."
    case .malformedResponse(let host, let port, let problem):
      return "\(ListenAddress.authority(host: host, port: port)) sent an answer that is not valid HTTP/1.1: \(problem)."
    case .headTooLarge(let host, let port, let limit):
      return "\(ListenAddress.authority(host: host, port: port)) sent an answer whose status line and headers are over the \(limit)-byte limit."
    case .bodyTooLarge(let host, let port, let limit):
      return "\(ListenAddress.authority(host: host, port: port)) sent an answer whose body is over the \(limit)-byte limit; raise maxBodyBytes if such answers are expected."
    }
  }
}
