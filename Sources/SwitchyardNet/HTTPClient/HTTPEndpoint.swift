import Foundation

/// Where an `http://` (or, for the WebSocket client, `ws://`) URL points: the host and port to
/// connect to, and the request target.
struct HTTPEndpoint: Hashable, Sendable {
  var host: String
  var port: UInt16
  /// The path and query, as the request line carries them.
  var target: String

  /// Reads `url`, whose scheme must be `scheme`; errors are the HTTP client's, which the WebSocket
  /// client renames as its own.
  init(_ url: URL, scheme expected: String = "http") throws(HTTPClientError) {
    guard let scheme = url.scheme?.lowercased() else { throw .invalidURL(url.absoluteString) }
    guard scheme == expected else { throw .unsupportedScheme(scheme) }
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
          let rawHost = components.host, !rawHost.isEmpty else {
      throw .invalidURL(url.absoluteString)
    }
    guard let port = UInt16(exactly: components.port ?? 80), port > 0 else { throw .invalidURL(url.absoluteString) }
    host = rawHost.hasPrefix("[") && rawHost.hasSuffix("]") ? String(rawHost.dropFirst().dropLast()) : rawHost
    self.port = port
    let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    target = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
  }

  /// The `Host` header's value: the port only when it is not 80, IPv6 addresses in brackets.
  var hostHeader: String {
    let name = host.contains(":") ? "[\(host)]" : host
    return port == 80 ? name : "\(name):\(port)"
  }

  /// Which idle connections may serve a request to this endpoint.
  var poolKey: String {
    ListenAddress.authority(host: host, port: port)
  }
}
