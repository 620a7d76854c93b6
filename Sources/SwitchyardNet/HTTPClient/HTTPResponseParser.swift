/// Reads one HTTP/1.1 response (RFC 9112) from bytes fed in chunks of any size: the status line
/// and headers, then a body framed by `Content-Length`, chunked transfer coding, or the end of
/// the connection.
///
/// Every limit is checked as bytes arrive: a head over the limit fails once it outgrows it, and a
/// body fails from its `Content-Length` or chunk sizes before the bytes are buffered.
struct HTTPResponseParser {
  /// How much a server may send before the answer is refused.
  struct Limits: Sendable {
    var maxHeadBytes: Int
    var maxHeaderCount: Int
    var maxBodyBytes: Int
  }

  /// Why the bytes are not an acceptable answer.
  enum Failure: Error, Equatable {
    case malformed(String)
    case headTooLarge(limit: Int)
    case bodyTooLarge(limit: Int)
  }

  /// A complete answer, and whether its connection may carry another request.
  struct Completed {
    var response: HTTPClientResponse
    var keepsAlive: Bool
  }

  /// A parsed head, with what its framing allows for the connection afterwards.
  private struct Head {
    var response: HTTPClientResponse
    var keepsAlive: Bool
  }

  private enum State {
    case head(scanFrom: Int)
    case fixedBody(Head, remaining: Int)
    case chunkSize(Head)
    case chunkData(Head, remaining: Int)
    case chunkEnd(Head)
    case trailers(Head, scanFrom: Int)
    case untilClose(Head)
  }

  private static let lineFeed = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")
  /// A chunk-size line is a hex number and perhaps extensions; longer means a broken peer.
  private static let maxChunkLineBytes = 1024

  let limits: Limits
  /// False for HEAD requests, whose answers have headers that describe a body never sent.
  let expectsBody: Bool
  private var buffer: [UInt8] = []
  private var body: [UInt8] = []
  private var state = State.head(scanFrom: 0)
  /// Whether any byte has arrived: a kept-alive connection that ends before one did was closed
  /// by the server while idle, and the request may be resent.
  private(set) var hasReceivedBytes = false

  init(limits: Limits, expectsBody: Bool = true) {
    self.limits = limits
    self.expectsBody = expectsBody
  }

  /// Adds received bytes; then call ``nextResponse()``.
  mutating func append(_ bytes: some Collection<UInt8>) {
    hasReceivedBytes = hasReceivedBytes || !bytes.isEmpty
    buffer.append(contentsOf: bytes)
  }

  /// The complete answer, or `nil` until more bytes arrive.
  mutating func nextResponse() throws(Failure) -> Completed? {
    while true {
      switch state {
      case .head(let scanFrom):
        guard let end = HTTPHead.endIndex(in: buffer, from: scanFrom) else {
          guard buffer.count <= limits.maxHeadBytes else { throw .headTooLarge(limit: limits.maxHeadBytes) }
          state = .head(scanFrom: max(0, buffer.count - 2))
          return nil
        }
        guard end <= limits.maxHeadBytes else { throw .headTooLarge(limit: limits.maxHeadBytes) }
        let head = try parseHead(buffer[..<end])
        buffer.removeFirst(end)
        // 1xx answers are interim (e.g. 100 Continue); the real one follows.
        state = (100..<200).contains(head.response.status) ? .head(scanFrom: 0) : try bodyState(for: head)
      case .fixedBody(let head, let remaining):
        let left = takeBody(upTo: remaining)
        guard left == 0 else {
          state = .fixedBody(head, remaining: left)
          return nil
        }
        return complete(head)
      case .chunkSize(let head):
        guard let newline = buffer.firstIndex(of: Self.lineFeed) else {
          guard buffer.count <= Self.maxChunkLineBytes else { throw .malformed("a chunk-size line is longer than \(Self.maxChunkLineBytes) bytes") }
          return nil
        }
        let size = try Self.chunkSize(in: buffer[..<newline])
        buffer.removeFirst(newline + 1)
        guard size > 0 else {
          state = .trailers(head, scanFrom: 0)
          continue
        }
        guard size <= limits.maxBodyBytes - body.count else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
        state = .chunkData(head, remaining: size)
      case .chunkData(let head, let remaining):
        let left = takeBody(upTo: remaining)
        guard left == 0 else {
          state = .chunkData(head, remaining: left)
          return nil
        }
        state = .chunkEnd(head)
      case .chunkEnd(let head):
        guard let consumed = Self.lineEnd(at: buffer) else {
          guard buffer.count < 2 else { throw .malformed("chunk data is not followed by CRLF") }
          return nil
        }
        buffer.removeFirst(consumed)
        state = .chunkSize(head)
      case .trailers(let head, let scanFrom):
        // Trailer fields, if any, end with an empty line; they carry nothing this client uses.
        if let consumed = Self.lineEnd(at: buffer) {
          buffer.removeFirst(consumed)
          return complete(head)
        }
        guard let end = HTTPHead.endIndex(in: buffer, from: scanFrom) else {
          guard buffer.count <= limits.maxHeadBytes else { throw .headTooLarge(limit: limits.maxHeadBytes) }
          state = .trailers(head, scanFrom: max(0, buffer.count - 2))
          return nil
        }
        buffer.removeFirst(end)
        return complete(head)
      case .untilClose(let head):
        guard buffer.count <= limits.maxBodyBytes - body.count else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
        body += buffer
        buffer.removeAll(keepingCapacity: true)
        state = .untilClose(head)
        return nil
      }
    }
  }

  /// The server closed the connection: completes a body that runs to the close, and is `nil`
  /// for an answer cut short.
  mutating func finishAtEndOfStream() throws(Failure) -> Completed? {
    _ = try nextResponse()
    guard case .untilClose(let head) = state else { return nil }
    return complete(head)
  }

  /// Moves up to `count` buffered bytes into the body; how many are still to come.
  private mutating func takeBody(upTo count: Int) -> Int {
    let taken = min(count, buffer.count)
    body += buffer[..<taken]
    buffer.removeFirst(taken)
    return count - taken
  }

  private mutating func complete(_ head: Head) -> Completed {
    var response = head.response
    response.body = body
    // Bytes after a complete answer were never asked for: the connection is out of step.
    let completed = Completed(response: response, keepsAlive: head.keepsAlive && buffer.isEmpty)
    body = []
    state = .head(scanFrom: 0)
    return completed
  }

  private func parseHead(_ bytes: ArraySlice<UInt8>) throws(Failure) -> Head {
    let head: HTTPHead
    do {
      head = try HTTPHead.parse(bytes, maxHeaderCount: limits.maxHeaderCount)
    } catch .tooManyHeaders(let limit) {
      throw .malformed("it has more than \(limit) header fields")
    } catch {
      guard case .malformed(let problem) = error else { throw .malformed(error.description) }
      throw .malformed(problem)
    }
    let parts = head.startLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    let version = parts[0]
    let versionBytes = Array(version.utf8)
    guard versionBytes.count == 8, version.hasPrefix("HTTP/1."), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(versionBytes[7]) else {
      throw .malformed("the status line '\(head.startLine.prefix(60))' does not start with HTTP/1.x")
    }
    guard parts.count >= 2, parts[1].utf8.count == 3, parts[1].utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
          let status = Int(parts[1]), (100...599).contains(status) else {
      throw .malformed("the status line '\(head.startLine.prefix(60))' has no status code from 100 to 599")
    }
    let response = HTTPClientResponse(status: status, reasonPhrase: parts.count > 2 ? String(parts[2]) : "", headers: head.headers)
    let keepsAlive = !head.headers.contains("Connection", token: "close")
      && (versionBytes[7] != UInt8(ascii: "0") || head.headers.contains("Connection", token: "keep-alive"))
    return Head(response: response, keepsAlive: keepsAlive)
  }

  /// How the body after `head` is framed (RFC 9112 §6.3).
  private func bodyState(for head: Head) throws(Failure) -> State {
    let headers = head.response.headers
    guard expectsBody, head.response.status != 204, head.response.status != 304 else {
      return .fixedBody(head, remaining: 0)
    }
    if let coding = headers["Transfer-Encoding"] {
      guard headers.values(for: "Transfer-Encoding").count == 1, coding.lowercased() == "chunked" else {
        throw .malformed("the transfer coding '\(coding.prefix(40))' is not supported (only chunked is)")
      }
      var chunked = head
      // Both framings at once is how response smuggling starts; read chunked, then close.
      chunked.keepsAlive = head.keepsAlive && headers["Content-Length"] == nil
      return .chunkSize(chunked)
    }
    let values = headers.values(for: "Content-Length").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
    guard let first = values.first else {
      var untilClose = head
      untilClose.keepsAlive = false
      return .untilClose(untilClose)
    }
    let text = first.trimmingWhitespace()
    guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let length = Int(text) else {
      throw .malformed("Content-Length '\(text.prefix(20))' is not a number")
    }
    guard values.allSatisfy({ $0.trimmingWhitespace() == text }) else { throw .malformed("its Content-Length values conflict") }
    guard length <= limits.maxBodyBytes else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
    return .fixedBody(head, remaining: length)
  }

  /// The size on a chunk-size line (without its LF): hex digits, then perhaps `;extensions`.
  private static func chunkSize(in line: ArraySlice<UInt8>) throws(Failure) -> Int {
    let content = line.last == carriageReturn ? line.dropLast() : line
    let digits = content.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    guard !digits.isEmpty, digits.count <= 15, let size = Int(String(decoding: digits, as: UTF8.self), radix: 16), size >= 0,
          digits.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else {
      throw .malformed("the chunk size '\(String(decoding: content.prefix(20), as: UTF8.self))' is not a hex number")
    }
    return size
  }

  /// The length of the CRLF (or bare LF) at the start of `bytes`, or `nil` if it does not start
  /// with a complete one.
  private static func lineEnd(at bytes: [UInt8]) -> Int? {
    if bytes.first == lineFeed { return 1 }
    if bytes.count >= 2, bytes[0] == carriageReturn, bytes[1] == lineFeed { return 2 }
    return nil
  }
}
