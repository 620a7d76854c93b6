import Foundation

/// An HTTP/1.1 request as the server received it, handed to the route closure.
public struct HTTPRequest: Sendable {
  /// The method, e.g. ``HTTPMethod/get``.
  public var method: HTTPMethod
  /// The request target as sent, e.g. `/items?page=2&per_page=20`.
  public var target: String
  /// The percent-decoded path without the query, e.g. `/items`.
  public var path: String
  /// The query's name–value pairs in order, percent-decoded with `+` read as a space (HTML forms).
  public var queryItems: [URLQueryItem]
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body, empty unless the request had a `Content-Length`.
  public var body: [UInt8]
  /// 0 for HTTP/1.0, 1 for HTTP/1.1: decides whether the connection is kept alive by default.
  var minorVersion: Int

  /// A request for `target`; the server builds these, tests and routers may too.
  public init(method: HTTPMethod = .get, target: String, headers: HTTPHeaders = [:], body: [UInt8] = []) {
    self.method = method
    self.target = target
    self.headers = headers
    self.body = body
    self.minorVersion = 1
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let rawPath = parts.first.map(String.init) ?? ""
    path = rawPath.removingPercentEncoding ?? rawPath
    queryItems = parts.count > 1 ? Self.parseQuery(parts[1]) : []
  }

  /// The first value given for the query parameter `name`, e.g. `"2"` for `page` in
  /// `/items?page=2`; `nil` when absent. A parameter without `=` has the value `""`.
  public func queryValue(_ name: String) -> String? {
    queryItems.first { $0.name == name }.map { $0.value ?? "" }
  }

  /// The body as UTF-8 text, `nil` if it is not valid UTF-8.
  public var bodyText: String? {
    String(validating: body, as: UTF8.self)
  }

  /// Whether this is a WebSocket opening handshake (RFC 6455 §4.2.1), so that one route can
  /// serve both a page and a socket.
  public var isWebSocketUpgrade: Bool {
    headers.contains("Upgrade", token: "websocket") && headers.contains("Connection", token: "upgrade")
  }

  /// Whether the client wants the connection kept open after the response (RFC 9112 §9.3).
  var keepsAlive: Bool {
    if headers.contains("Connection", token: "close") { return false }
    return minorVersion >= 1 || headers.contains("Connection", token: "keep-alive")
  }

  private static func parseQuery(_ query: Substring) -> [URLQueryItem] {
    query.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let decode: (Substring) -> String = { part in
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      return URLQueryItem(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : nil)
    }
  }
}
