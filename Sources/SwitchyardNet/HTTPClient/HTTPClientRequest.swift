import Foundation

/// A request for ``HTTPClient``: a method, an `http://` URL, headers and a body.
public struct HTTPClientRequest: Sendable {
  /// The method, e.g. ``HTTPMethod/get``.
  public var method: HTTPMethod
  /// Where to send it: `http://host[:port]/path[?query]`; the port defaults to 80.
  public var url: URL
  /// Extra header fields. `Host` and `Content-Length` are set by the client; `Accept` defaults
  /// to `*/*` when absent.
  public var headers: HTTPHeaders
  /// The body; sent with a `Content-Length`.
  public var body: [UInt8]

  /// A request with the given parts.
  public init(method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: [UInt8] = []) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }

  /// Whether sending the request twice has the effect of sending it once (RFC 9110 §9.2.2), so
  /// that it may be resent on a fresh connection when a kept-alive one turns out to be closed.
  var isIdempotent: Bool {
    [.get, .head, .put, .delete, .options].contains(method) || method.rawValue == "TRACE"
  }

  /// The request's bytes on the wire, or ``HTTPClientError/invalidHeader(name:)``.
  func serialized(for endpoint: HTTPEndpoint) throws(HTTPClientError) -> [UInt8] {
    var head = "\(method.rawValue) \(endpoint.target) HTTP/1.1\r\nHost: \(endpoint.hostHeader)\r\n"
    for field in headers where !["host", "content-length", "transfer-encoding"].contains(field.name.lowercased()) {
      guard !field.name.isEmpty, field.name.utf8.allSatisfy(HTTPHead.isTokenCharacter),
            !field.value.utf8.contains(where: { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) else {
        throw .invalidHeader(name: field.name)
      }
      head += "\(field.name): \(field.value)\r\n"
    }
    if headers["Accept"] == nil {
      head += "Accept: */*\r\n"
    }
    // A body-carrying method says its length even when it is 0, so the server need not guess.
    if !body.isEmpty || [.post, .put, .patch].contains(method) {
      head += "Content-Length: \(body.count)\r\n"
    }
    head += "\r\n"
    return Array(head.utf8) + body
  }
}
