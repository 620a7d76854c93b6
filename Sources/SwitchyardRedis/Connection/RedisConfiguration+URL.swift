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

/// Why a broker URL could not be read.
public enum RedisURLError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text is not a URL.
  case malformed(String)
  /// The scheme is not `redis`.
  case unsupportedScheme(String)
  /// The URL names no host.
  case missingHost(String)
  /// The port is out of range.
  case invalidPort(Int)
  /// The path is not a database number.
  case invalidDatabase(String)

  public var description: String {
    switch self {
    case let .malformed(url):
      "\"\(url)\" is not a URL; write the broker as redis://HOST:PORT/DB."
    case let .unsupportedScheme(scheme):
      "The broker URL's scheme is \"\(scheme)\"; only redis:// is supported (TLS is not)."
    case let .missingHost(url):
      "The broker URL \"\(url)\" names no host; write it as redis://HOST:PORT/DB."
    case let .invalidPort(port):
      "The broker URL's port \(port) is out of range 1–65535."
    case let .invalidDatabase(path):
      "The broker URL's path \"/\(path)\" is not a database number; write it as redis://HOST:PORT/DB, such as redis://127.0.0.1:6379/0."
    }
  }
}
