import Foundation

extension RedisConfiguration {
  /// A configuration from a URL of the form `redis://[[user]:password@]host[:port][/db]`, the
  /// form `--broker` takes; other settings keep their defaults.
  ///
  /// User and password may be percent-encoded; `redis://:secret@host` authenticates as `default`.
  public init(url: String) throws(RedisURLError) {
    guard let components = URLComponents(string: url) else { throw .malformed(url) }
    guard components.scheme == "redis" else { throw .unsupportedScheme(components.scheme ?? "") }
    guard let host = components.host, !host.isEmpty else { throw .missingHost(url) }
    var database = 0
    let path = components.path.drop { $0 == "/" }
    if !path.isEmpty {
      guard let number = Int(path), number >= 0 else { throw .invalidDatabase(String(path)) }
      database = number
    }
    var port: UInt16 = 6379
    if let given = components.port {
      guard let valid = UInt16(exactly: given), valid > 0 else { throw .invalidPort(given) }
      port = valid
    }
    let user = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }
    self.init(
      host: host,
      port: port,
      username: user?.isEmpty == false ? user : nil,
      password: components.percentEncodedPassword.flatMap { $0.removingPercentEncoding },
      database: database
    )
  }
}
