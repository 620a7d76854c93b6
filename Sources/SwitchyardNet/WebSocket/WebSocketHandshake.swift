/// The opening handshake (RFC 6455 §4): an HTTP/1.1 upgrade request and its 101 answer, which
/// prove to each side that the other speaks WebSocket.
enum WebSocketHandshake {
  /// The GUID that §1.3 appends to the client's key before hashing.
  static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

  /// The `Sec-WebSocket-Accept` value that answers `key`: base64(SHA-1(key + GUID)).
  static func acceptValue(for key: String) -> String {
    Base64.encode(SHA1.hash(Array((key + guid).utf8)))
  }

  /// A fresh `Sec-WebSocket-Key`: 16 random bytes in base64 (§4.1).
  static func randomKey() -> String {
    var generator = SystemRandomNumberGenerator()
    return Base64.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }

  // MARK: Client side

  /// The client's upgrade request for `endpoint`'s target (a path with any query).
  static func request(to endpoint: HTTPEndpoint, key: String, headers: HTTPHeaders) -> [UInt8] {
    var text = "GET \(endpoint.target) HTTP/1.1\r\n"
    text += "Host: \(endpoint.hostHeader)\r\n"
    text += "Upgrade: websocket\r\nConnection: Upgrade\r\n"
    text += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
    for field in headers {
      text += "\(field.name): \(field.value)\r\n"
    }
    return Array((text + "\r\n").utf8)
  }

  /// Checks the server's answer to a request that sent `key` (§4.1, the client's steps 1–6).
  static func validate(response head: HTTPHead, key: String, offeredProtocols: [String]) throws(WebSocketError) {
    let parts = head.startLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
      throw .invalidHandshake("'\(head.startLine.prefix(80))' is not an HTTP/1.1 status line")
    }
    guard status == 101 else {
      throw .handshakeRejected(status: status, reason: parts.count > 2 ? String(parts[2]) : "")
    }
    guard head.headers.contains("Upgrade", token: "websocket") else {
      throw .invalidHandshake("the answer lacks 'Upgrade: websocket'")
    }
    guard head.headers.contains("Connection", token: "upgrade") else {
      throw .invalidHandshake("the answer lacks 'Connection: Upgrade'")
    }
    let expected = acceptValue(for: key)
    let received = head.headers["Sec-WebSocket-Accept"] ?? ""
    guard received == expected else { throw .acceptMismatch(expected: expected, received: received) }
    if let extensions = head.headers["Sec-WebSocket-Extensions"] {
      throw .invalidHandshake("the server chose the extension '\(extensions)', which the client did not offer")
    }
    if let chosen = head.headers["Sec-WebSocket-Protocol"], !offeredProtocols.contains(chosen) {
      throw .invalidHandshake("the server chose the subprotocol '\(chosen)', which the client did not offer")
    }
  }

  // MARK: Server side

  /// The 101 answer that accepts `request`, or the error response to send instead when it is
  /// not a valid opening handshake (§4.2.1).
  static func accept(_ request: HTTPRequest) -> Result<[UInt8], HTTPResponseError> {
    guard request.method == .get, request.minorVersion >= 1 else {
      return .failure(HTTPResponseError(.status(400, detail: "a WebSocket handshake must be an HTTP/1.1 GET")))
    }
    guard request.isWebSocketUpgrade else {
      return .failure(HTTPResponseError(.status(400, detail: "this path expects a WebSocket handshake (Upgrade: websocket)")))
    }
    guard request.headers["Sec-WebSocket-Version"] == "13" else {
      var response = HTTPResponse.status(426, detail: "only WebSocket version 13 is supported")
      response.headers["Sec-WebSocket-Version"] = "13"
      return .failure(HTTPResponseError(response))
    }
    guard let key = request.headers["Sec-WebSocket-Key"], Base64.decode(key)?.count == 16 else {
      return .failure(HTTPResponseError(.status(400, detail: "Sec-WebSocket-Key must be 16 bytes in base64")))
    }
    let text = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Accept: \(acceptValue(for: key))\r\n\r\n"
    return .success(Array(text.utf8))
  }

  /// An error response wrapped so that it can be a `Result`'s failure.
  struct HTTPResponseError: Error {
    var response: HTTPResponse

    init(_ response: HTTPResponse) {
      self.response = response
    }
  }
}
