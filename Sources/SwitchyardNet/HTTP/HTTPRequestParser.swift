/// Reads HTTP/1.1 requests (RFC 9112) from a byte stream fed in chunks of any size, one after
/// another on a keep-alive connection.
///
/// Every limit is checked before the bytes it guards are buffered in full: a head that outgrows
/// the header limit fails as soon as it does, and a body over the limit fails from its
/// `Content-Length` alone.
struct HTTPRequestParser {
  /// How much a client may send before it is refused.
  struct Limits {
    var maxHeaderBytes: Int
    var maxHeaderCount: Int
    var maxBodyBytes: Int
  }

  let limits: Limits
  private var buffer: [UInt8] = []
  /// Where to resume looking for the end of the head, so that a head fed byte by byte is
  /// scanned once, not once per byte.
  private var scanIndex = 0
  /// A parsed head whose body has not fully arrived.
  private var pending: (request: HTTPRequest, bodyLength: Int)?

  init(limits: Limits) {
    self.limits = limits
  }

  /// Whether part of a request is buffered: the difference between an idle keep-alive
  /// connection and a client that stalled mid-request.
  var hasPartialRequest: Bool {
    pending != nil || !buffer.isEmpty
  }

  /// Whether a request's head has been parsed and its body is still arriving.
  var hasHead: Bool {
    pending != nil
  }

  /// Adds received bytes; call ``nextRequest()`` until it returns `nil`.
  mutating func append(_ bytes: some Collection<UInt8>) {
    buffer.append(contentsOf: bytes)
  }

  /// The next complete request, or `nil` until more bytes arrive.
  mutating func nextRequest() throws(HTTPParseError) -> HTTPRequest? {
    if pending == nil {
      guard let head = try nextHead() else { return nil }
      pending = head
    }
    guard let (request, bodyLength) = pending, buffer.count >= bodyLength else { return nil }
    var complete = request
    complete.body = Array(buffer[..<bodyLength])
    buffer.removeFirst(bodyLength)
    pending = nil
    return complete
  }

  /// Hands over whatever followed the last request, e.g. the first WebSocket frames that a
  /// client sent right behind its upgrade request.
  mutating func takeBufferedBytes() -> [UInt8] {
    defer {
      buffer = []
      scanIndex = 0
    }
    return buffer
  }

  private mutating func nextHead() throws(HTTPParseError) -> (request: HTTPRequest, bodyLength: Int)? {
    // RFC 9112 §2.2: a server should ignore empty lines received before the request line.
    let blank = buffer.prefix { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }.count
    if blank > 0 {
      buffer.removeFirst(blank)
      scanIndex = 0
    }
    let found = HTTPHead.endIndex(in: buffer, from: scanIndex)
    guard let end = found, end <= limits.maxHeaderBytes else {
      guard found == nil, buffer.count <= limits.maxHeaderBytes else {
        let lineEnds = buffer.prefix(limits.maxHeaderBytes).contains(UInt8(ascii: "\n"))
        throw lineEnds ? .headersTooLarge(limit: limits.maxHeaderBytes) : .requestLineTooLong(limit: limits.maxHeaderBytes)
      }
      scanIndex = max(0, buffer.count - 2)
      return nil
    }
    let head = try HTTPHead.parse(buffer[..<end], maxHeaderCount: limits.maxHeaderCount)
    buffer.removeFirst(end)
    scanIndex = 0
    var request = try Self.request(from: head)
    request.headers = head.headers
    return (request, try bodyLength(of: head.headers))
  }

  private static func request(from head: HTTPHead) throws(HTTPParseError) -> HTTPRequest {
    let parts = head.startLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
      throw .malformed("the request line is not 'METHOD target HTTP/1.1'")
    }
    guard parts[0].utf8.allSatisfy(HTTPHead.isTokenCharacter) else { throw .malformed("the method is not a token") }
    let minorVersion = try minorVersion(of: parts[2])
    let method = HTTPMethod(rawValue: String(parts[0]))
    var request = HTTPRequest(method: method, target: try originForm(of: parts[1], method: method))
    request.target = String(parts[1])
    request.minorVersion = minorVersion
    return request
  }

  /// The target in origin form (`/path?query`); absolute form (`http://host/path`) is accepted
  /// as RFC 9112 §3.2.2 requires, and `*` only for OPTIONS.
  private static func originForm(of target: Substring, method: HTTPMethod) throws(HTTPParseError) -> String {
    if target.hasPrefix("/") { return String(target) }
    if target == "*", method == .options { return "*" }
    for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
      let afterScheme = target.dropFirst(scheme.count)
      guard let slash = afterScheme.firstIndex(of: "/") else { return "/" }
      return String(afterScheme[slash...])
    }
    throw .malformed("the request target '\(target.prefix(100))' is neither a path nor an absolute URL")
  }

  private static func minorVersion(of version: Substring) throws(HTTPParseError) -> Int {
    let bytes = Array(version.utf8)
    let isDigit: (UInt8) -> Bool = { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    guard bytes.count == 8, version.hasPrefix("HTTP/"), isDigit(bytes[5]), bytes[6] == UInt8(ascii: "."), isDigit(bytes[7]) else {
      throw .malformed("'\(version.prefix(20))' is not an HTTP version")
    }
    guard bytes[5] == UInt8(ascii: "1") else { throw .unsupportedVersion(String(version)) }
    // Any HTTP/1.x is answered as HTTP/1.1 (RFC 9110 §6.2).
    return min(Int(bytes[7] - UInt8(ascii: "0")), 1)
  }

  private func bodyLength(of headers: HTTPHeaders) throws(HTTPParseError) -> Int {
    if let coding = headers["Transfer-Encoding"] {
      throw .unsupportedTransferEncoding(coding)
    }
    // Repeated or comma-joined lengths must agree (RFC 9112 §6.3), or the framing is ambiguous.
    let values = headers.values(for: "Content-Length").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
    guard let first = values.first else { return 0 }
    let text = first.trimmingWhitespace()
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      throw .malformed("Content-Length '\(text.prefix(20))' is not a number")
    }
    guard values.allSatisfy({ $0.trimmingWhitespace() == text }) else {
      throw .malformed("conflicting Content-Length values")
    }
    guard text.count <= 18, let length = Int(text), length <= limits.maxBodyBytes else {
      throw .bodyTooLarge(length: Int(text) ?? Int.max, limit: limits.maxBodyBytes)
    }
    return length
  }
}
