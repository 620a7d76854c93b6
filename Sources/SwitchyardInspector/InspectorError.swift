import SwitchyardNet

/// Why an ``Inspector`` could not start.
public enum InspectorError: Error, Equatable, CustomStringConvertible {
  /// `--http` was not `HOST:PORT`, or its host name did not resolve.
  case invalidAddress(ListenAddressError)
  /// A non-loopback address was named without `--http-token`.
  case tokenRequired(host: String)
  /// `--http-token` was given without `--http`.
  case tokenWithoutAddress
  /// `--http-token` was given but empty.
  case emptyToken
  /// The HTTP server could not listen.
  case cannotListen(HTTPServerError)

  /// A sentence saying what went wrong and what to do about it.
  public var description: String {
    switch self {
    case let .invalidAddress(error):
      return "--http cannot serve the inspector there: \(error)."
    case let .tokenRequired(host):
      return """
        The inspector would be reachable beyond this machine at \(host), and it can send actions \
        and scale pools; add --http-token with a secret, or use 127.0.0.1.
        """
    case .tokenWithoutAddress:
      return "--http-token protects the inspector, which only --http HOST:PORT turns on; add --http or drop the token."
    case .emptyToken:
      return "--http-token is empty; give a secret that every request must carry."
    case let .cannotListen(error):
      return "The inspector cannot start: \(error)"
    }
  }
}
