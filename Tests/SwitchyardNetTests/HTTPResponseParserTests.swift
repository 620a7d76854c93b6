import Testing
@testable import SwitchyardNet

/// The client's response parser fed bytes as a network might deliver them: whole, one at a time,
/// or cut anywhere, with every framing RFC 9112 allows and the ways servers get them wrong.
struct HTTPResponseParserTests {
  private let limits = HTTPResponseParser.Limits(maxHeadBytes: 1024, maxHeaderCount: 10, maxBodyBytes: 100)

  /// Feeds `text` in pieces of `step` bytes; the first complete answer, if any.
  private func parse(_ text: String, step: Int = .max, expectsBody: Bool = true, endOfStream: Bool = false)
    throws(HTTPResponseParser.Failure) -> HTTPResponseParser.Completed? {
    var parser = HTTPResponseParser(limits: limits, expectsBody: expectsBody)
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let end = offset + min(step, bytes.count - offset)
      parser.append(bytes[offset..<end])
      offset = end
      if let completed = try parser.nextResponse() { return completed }
    }
    return endOfStream ? try parser.finishAtEndOfStream() : nil
  }

  @Test(arguments: [1, 3, 1000])
  func readsAContentLengthBodyHoweverTheBytesAreSplit(step: Int) throws {
    let completed = try #require(try parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A: b\r\n\r\nhello", step: step))
    #expect(completed.response.status == 200)
    #expect(completed.response.reasonPhrase == "OK")
    #expect(completed.response.headers["x-a"] == "b")
    #expect(completed.response.body == Array("hello".utf8))
    #expect(completed.keepsAlive)
  }

  @Test(arguments: [1, 2, 7, 1000])
  func decodesAChunkedBodyWithExtensionsAndTrailers(step: Int) throws {
    let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "5;name=value\r\nhello\r\n1\r\n,\r\nA\r\n chunked!!\r\n0\r\nX-Trailer: 1\r\n\r\n"
    let completed = try #require(try parse(text, step: step))
    #expect(String(decoding: completed.response.body, as: UTF8.self) == "hello, chunked!!")
    #expect(completed.keepsAlive)
  }

  @Test func aBodyWithoutLengthRunsToTheCloseAndEndsTheConnection() throws {
    let text = "HTTP/1.1 200 OK\r\n\r\nall of this"
    #expect(try parse(text) == nil, "complete before the close")
    let completed = try #require(try parse(text, endOfStream: true))
    #expect(completed.response.body == Array("all of this".utf8))
    #expect(!completed.keepsAlive)
  }

  @Test func aTruncatedAnswerIsNotComplete() throws {
    #expect(try parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", endOfStream: true) == nil)
    #expect(try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", endOfStream: true) == nil)
    #expect(try parse("HTTP/1.1 200 O", endOfStream: true) == nil)
  }

  @Test func headAnswersAnd204HaveNoBodyWhateverTheirHeadersSay() throws {
    let head = try #require(try parse("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n", expectsBody: false))
    #expect(head.response.body.isEmpty)
    #expect(head.keepsAlive)
    let noContent = try #require(try parse("HTTP/1.1 204 No Content\r\n\r\n"))
    #expect(noContent.response.status == 204)
  }

  @Test func skipsInterimAnswers() throws {
    let completed = try #require(try parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n", step: 4))
    #expect(completed.response.status == 201)
  }

  @Test(arguments: [
    ("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", false),
    ("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", false),
    ("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n", true),
    ("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\nextra", false),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n", false),
  ])
  func decidesWhetherTheConnectionMayBeReused(text: String, keepsAlive: Bool) throws {
    #expect(try #require(try parse(text)).keepsAlive == keepsAlive)
  }

  @Test(arguments: [
    ("HTTP/2 200 OK\r\n\r\n", "does not start with HTTP/1.x"),
    ("HTTP/1.1 20 OK\r\n\r\n", "no status code"),
    ("HTTP/1.1 999 Odd\r\n\r\n", "no status code"),
    ("SSH-2.0-OpenSSH_9.6\r\n\r\n", "does not start with HTTP/1.x"),
    ("HTTP/1.1 200 OK\r\nBad Header\r\n\r\n", "without a colon"),
    ("HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n", "is not a number"),
    ("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "conflict"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n", "not supported"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "not a hex number"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabXY", "not followed by CRLF"),
  ])
  func refusesMalformedAnswersSayingWhatIsWrong(text: String, problem: String) {
    #expect {
      _ = try parse(text)
    } throws: { error in
      guard case .malformed(let reason) = error as? HTTPResponseParser.Failure else { return false }
      return reason.contains(problem)
    }
  }

  @Test func refusesAHeadOverTheLimitBeforeItEnds() {
    let text = "HTTP/1.1 200 OK\r\n" + String(repeating: "X-Padding: 0123456789abcdef\r\n", count: 40)
    #expect(throws: HTTPResponseParser.Failure.headTooLarge(limit: 1024)) { _ = try parse(text, step: 100) }
  }

  @Test(arguments: [
    "HTTP/1.1 200 OK\r\nContent-Length: 101\r\n\r\n",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n" + String(repeating: "a", count: 64) + "\r\n40\r\n",
    "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + String(repeating: "a", count: 101),
  ])
  func refusesABodyOverTheLimit(text: String) {
    #expect(throws: HTTPResponseParser.Failure.bodyTooLarge(limit: 100)) { _ = try parse(text) }
  }
}
