import SwitchyardNet

/// Why `/metrics` could not be served.
public enum MetricsError: Error, Equatable, CustomStringConvertible {
  /// `--metrics` was not `HOST:PORT` with an IPv4 host.
  case invalidAddress(String)
  /// A non-loopback address was named without `--metrics-token`.
  case tokenRequired(host: String)
  /// `--metrics-token` was given without `--metrics`.
  case tokenWithoutAddress
  /// `--metrics-token` was given but empty.
  case emptyToken
  /// The HTTP server could not listen.
  case cannotListen(HTTPServerError)

  /// A sentence saying what went wrong and what to do about it.
  public var description: String {
    switch self {
    case let .invalidAddress(address):
      "'\(address)' is not an address to serve metrics on; give an IPv4 address and a port, e.g. --metrics 127.0.0.1:9464."
    case let .tokenRequired(host):
      "/metrics would be reachable beyond this machine at \(host); add --metrics-token with a secret your scraper sends as a bearer token, or use 127.0.0.1."
    case .tokenWithoutAddress:
      "--metrics-token protects /metrics, which only --metrics HOST:PORT turns on; add --metrics or drop the token."
    case .emptyToken:
      "--metrics-token is empty; give a secret that every scrape must carry."
    case let .cannotListen(error):
      "/metrics cannot be served: \(error)"
    }
  }
}
