/// Why a `HOST:PORT` given to listen on was refused.
public enum ListenAddressError: Error, Equatable, CustomStringConvertible {
  /// Not an address, or a host name, and a port: `::1:7401` (IPv6 needs brackets), `127.1:80`.
  case malformed(String)
  /// The host name did not resolve to an IPv4 or IPv6 address.
  case unresolved(host: String, reason: String)

  /// What a command line should have given instead, for its usage error.
  public var expected: String {
    switch self {
    case .malformed:
      "HOST:PORT with an IP address (127.0.0.1, [::1]) or a host name (localhost) for HOST"
    case let .unresolved(host, reason):
      "a host name that resolves (\(host): \(reason)), or an IP address"
    }
  }

  public var description: String {
    switch self {
    case let .malformed(text): "'\(text)' is not \(expected)"
    case let .unresolved(host, reason): "the host name \(host) did not resolve: \(reason)"
    }
  }
}
