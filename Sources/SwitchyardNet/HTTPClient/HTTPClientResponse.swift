/// An answer ``HTTPClient`` received in full.
public struct HTTPClientResponse: Sendable {
  /// The status code, e.g. 200 or 503.
  public var status: Int
  /// The reason phrase as the server sent it, e.g. `Service Unavailable`; may be empty.
  public var reasonPhrase: String
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body, with any chunked transfer coding removed.
  public var body: [UInt8]

  /// A response with the given parts; the client builds these, tests may too.
  public init(status: Int, reasonPhrase: String = "", headers: HTTPHeaders = [:], body: [UInt8] = []) {
    self.status = status
    self.reasonPhrase = reasonPhrase
    self.headers = headers
    self.body = body
  }

  /// The status code and reason phrase, e.g. `503 Service Unavailable`, for messages.
  public var statusLine: String {
    reasonPhrase.isEmpty ? "\(status)" : "\(status) \(reasonPhrase)"
  }
}
