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
      "an IP address or a host name, and a port: 127.0.0.1:7401, [::1]:7401 or localhost:7401"
    case let .unresolved(host, reason):
      "a host name that resolves (\(host): \(reason)), or an IP address"
    }
  }

  public var description: String {
    switch self {
    case let .malformed(text): "'\(text)' is not HOST:PORT; expected \(expected)"
    case let .unresolved(host, reason): "the host name \(host) did not resolve: \(reason)"
    }
  }
}
