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
