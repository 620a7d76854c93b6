import SwitchyardNet

/// Where `/metrics` is served and who may scrape it: `--metrics HOST:PORT` and `--metrics-token`.
///
/// Loopback unless a token is given, like the inspector: the endpoint has no TLS, and what it
/// shows (pool names, load, versions) is for the operator's scraper only.
public struct MetricsConfiguration: Sendable, Equatable {
  /// The address and port to listen on; port 0 picks a free one.
  public var address: ListenAddress
  /// The secret every scrape must carry as `Authorization: Bearer` or `?token=`; required when
  /// the address is not loopback.
  public var token: String?

  /// Reads `--metrics` and `--metrics-token`; `nil` without `--metrics`: metrics are off by default.
  public static func commandLine(address: String?, token: String?) throws(MetricsError) -> MetricsConfiguration? {
    guard let address else {
      if token != nil { throw .tokenWithoutAddress }
      return nil
    }
    guard let listen = ListenAddress(address) else { throw .invalidAddress(address) }
    if let token, token.isEmpty { throw .emptyToken }
    guard listen.isLoopback || token != nil else { throw .tokenRequired(host: listen.host) }
    return MetricsConfiguration(address: listen, token: token)
  }
}
