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
  public static func commandLine(address: String?, token: String?) throws(UsageError) -> MetricsConfiguration? {
    guard let address else {
      if token != nil { throw .conflict("--metrics-token protects /metrics, which only --metrics HOST:PORT turns on; add --metrics or drop the token") }
      return nil
    }
    let listen: ListenAddress
    do { listen = try ListenAddress(address) } catch { throw .invalidValue(name: "--metrics", value: address, expected: error.expected) }
    if let token, token.isEmpty { throw .invalidValue(name: "--metrics-token", value: token, expected: "a secret every scrape must carry") }
    guard listen.isLoopback || token != nil else {
      throw .conflict(
        "/metrics would be reachable beyond this machine at \(listen.host); add --metrics-token with a secret your scraper sends as a bearer token, or use 127.0.0.1"
      )
    }
    return MetricsConfiguration(address: listen, token: token)
  }
}
