/// What a route answers: a status, headers and a body, or an upgrade to a WebSocket.
public struct HTTPResponse: Sendable {
  /// The status code, e.g. 200 or 404.
  public var status: Int
  /// Header fields; the server sets `Content-Length` and `Connection` itself. A route that
  /// includes `Connection: close` makes the server close the connection after this response.
  public var headers: HTTPHeaders
  /// The body, sent as is.
  public var body: [UInt8]
  /// Set only by ``webSocket(maxMessageSize:buffers:handler:)``.
  let webSocketUpgrade: WebSocketUpgrade?

  /// A route's decision to take over the connection as a WebSocket.
  struct WebSocketUpgrade: Sendable {
    var maxMessageSize: Int
    var buffers: WebSocketBuffers
    var handler: @Sendable (WebSocketConnection) async throws -> Void
  }

  /// A response with the given parts.
  public init(status: Int = 200, headers: HTTPHeaders = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
    self.webSocketUpgrade = nil
  }

  private init(upgrade: WebSocketUpgrade) {
    status = 101
    headers = [:]
    body = []
    webSocketUpgrade = upgrade
  }

  /// A `text/plain` response in UTF-8.
  public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
  }

  /// An `application/json` response; pass the bytes of an encoded value, e.g. `JSONEncoder`'s `Data`.
  public static func json(_ body: some Sequence<UInt8>, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(body))
  }

  /// A plain-text response whose body is the status line, e.g. `404 Not Found`; what the server
  /// itself answers to bad requests.
  public static func status(_ status: Int, detail: String? = nil) -> HTTPResponse {
    let line = "\(status) \(reasonPhrase(for: status))"
    return .text(detail.map { "\(line): \($0)\n" } ?? "\(line)\n", status: status)
  }

  /// Accepts a WebSocket handshake: the server answers 101 and runs `handler` with the
  /// connection, which is closed when `handler` returns, with
  /// ``WebSocketCloseCode/internalError`` if it threw.
  ///
  /// Return it only when ``HTTPRequest/isWebSocketUpgrade`` is true; for any other request the
  /// server answers 400 instead. When the peer closes first, the task running `handler` is
  /// cancelled and ``WebSocketConnection/messages`` finishes. `buffers` bound what the connection
  /// holds for a peer that floods it or stops reading.
  public static func webSocket(
    maxMessageSize: Int = WebSocketConnection.defaultMaxMessageSize,
    buffers: WebSocketBuffers = WebSocketBuffers(),
    handler: @escaping @Sendable (WebSocketConnection) async throws -> Void
  ) -> HTTPResponse {
    HTTPResponse(upgrade: WebSocketUpgrade(maxMessageSize: maxMessageSize, buffers: buffers, handler: handler))
  }

  /// The response's bytes on the wire.
  ///
  /// - Parameters:
  ///   - keepAlive: whether the connection stays open; if not, `Connection: close` is added.
  ///   - includeBody: false for HEAD requests, whose answer carries the length but no body.
  func serialized(keepAlive: Bool, includeBody: Bool) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(for: status))\r\n"
    for field in headers where !["content-length", "connection"].contains(field.name.lowercased()) {
      head += "\(Self.sanitized(field.name)): \(Self.sanitized(field.value))\r\n"
    }
    if status >= 200, status != 204, status != 304 {
      head += "Content-Length: \(body.count)\r\n"
    }
    if !keepAlive {
      head += "Connection: close\r\n"
    }
    head += "\r\n"
    return Array(head.utf8) + (includeBody ? body : [])
  }

  /// The text without CR and LF, so that no value from a route can inject a header line.
  private static func sanitized(_ text: String) -> String {
    String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
  }

  /// The standard reason phrase for `status` (RFC 9110 §15), or "Status" for unknown codes.
  static func reasonPhrase(for status: Int) -> String {
    switch status {
    case 101: return "Switching Protocols"
    case 200: return "OK"
    case 201: return "Created"
    case 202: return "Accepted"
    case 204: return "No Content"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 304: return "Not Modified"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 408: return "Request Timeout"
    case 413: return "Content Too Large"
    case 414: return "URI Too Long"
    case 426: return "Upgrade Required"
    case 429: return "Too Many Requests"
    case 431: return "Request Header Fields Too Large"
    case 500: return "Internal Server Error"
    case 501: return "Not Implemented"
    case 502: return "Bad Gateway"
    case 503: return "Service Unavailable"
    case 505: return "HTTP Version Not Supported"
    default: return "Status"
    }
  }
}
