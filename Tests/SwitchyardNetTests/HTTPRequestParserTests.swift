import SwitchyardTestSupport
import Testing
@testable import SwitchyardNet

/// The HTTP/1.1 request parser (RFC 9112) on its own: requests, limits, and every refusal.
@Suite struct HTTPRequestParserTests {
  private let limits = HTTPRequestParser.Limits(maxHeaderBytes: 1024, maxHeaderCount: 10, maxBodyBytes: 100)

  private func parse(_ text: String) throws(HTTPParseError) -> [HTTPRequest] {
    var parser = HTTPRequestParser(limits: limits)
    parser.append(Array(text.utf8))
    var requests: [HTTPRequest] = []
    while let request = try parser.nextRequest() {
      requests.append(request)
    }
    return requests
  }

  private func refusal(_ text: String) -> Int? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error.status
    }
  }

  @Test func parsesARequestWithQueryAndHeaders() throws {
    let requests = try parse("GET /items?page=2&per_page=20&q=caf%C3%A9+au+lait&flag HTTP/1.1\r\nHost: x\r\nX-Trace:  abc \r\n\r\n")
    let request = try #require(requests.first)
    #expect(request.method == .get)
    #expect(request.path == "/items")
    #expect(request.target == "/items?page=2&per_page=20&q=caf%C3%A9+au+lait&flag")
    #expect(request.queryValue("page") == "2")
    #expect(request.queryValue("per_page") == "20")
    #expect(request.queryValue("q") == "café au lait")
    #expect(request.queryValue("flag") == "")
    #expect(request.queryValue("missing") == nil)
    #expect(request.headers["x-trace"] == "abc")
    #expect(request.keepsAlive)
  }

  @Test func parsesPipelinedRequestsWithBodies() throws {
    let requests = try parse("POST /a HTTP/1.1\r\nContent-Length: 5\r\n\r\nhelloGET /b HTTP/1.0\r\n\r\n")
    #expect(requests.map(\.path) == ["/a", "/b"])
    #expect(requests[0].bodyText == "hello")
    #expect(!requests[1].keepsAlive)
  }

  @Test func parsesARequestFedOneByteAtATime() throws {
    var parser = HTTPRequestParser(limits: limits)
    var requests: [HTTPRequest] = []
    for byte in "\r\nPUT /x%20y HTTP/1.1\nContent-Length: 3\n\nabc".utf8 {
      parser.append([byte])
      if let request = try parser.nextRequest() {
        requests.append(request)
      }
    }
    #expect(requests.map(\.path) == ["/x y"])
    #expect(requests.first?.body == Array("abc".utf8))
    #expect(!parser.hasPartialRequest)
  }

  @Test func acceptsAbsoluteFormTargets() throws {
    #expect(try parse("GET http://127.0.0.1:8080/health?x=1 HTTP/1.1\r\n\r\n").first?.path == "/health")
  }

  @Test func readsConnectionTokens() throws {
    #expect(try parse("GET / HTTP/1.1\r\nConnection: close\r\n\r\n").first?.keepsAlive == false)
    #expect(try parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").first?.keepsAlive == true)
  }

  @Test(arguments: [
    "GET\r\n\r\n", "GET /\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1 extra\r\n\r\n",
    "G(T / HTTP/1.1\r\n\r\n", "GET nopath HTTP/1.1\r\n\r\n", "GET / HTTX/1.1\r\n\r\n", "GET / HTTP/1.10\r\n\r\n",
    "GET / HTTP/1.1\r\nNo colon\r\n\r\n", "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", "GET / HTTP/1.1\r\n: x\r\n\r\n",
    "GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", "GET / HTTP/1.1\r\nA: b\u{1}c\r\n\r\n", "GET /\u{7F} HTTP/1.1\r\n\r\n",
    "GET / HTTP/1.1\r\nA: b\rc\r\n\r\n",
    "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: 1e3\r\n\r\n",
    "POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: 3, 4\r\n\r\n",
  ])
  func refusesMalformedRequestsWith400(text: String) {
    #expect(refusal(text) == 400)
  }

  @Test func refusesOtherHTTPVersionsWith505() {
    #expect(refusal("GET / HTTP/2.0\r\n\r\n") == 505)
    #expect(refusal("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") == 505)
  }

  @Test func refusesLargeBodiesFromTheirLengthWith413() {
    #expect(refusal("POST / HTTP/1.1\r\nContent-Length: 101\r\n\r\n") == 413)
    #expect(refusal("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n") == 413)
  }

  @Test func refusesOversizedHeadsWith431Or414() {
    #expect(refusal("GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 1100))\r\n\r\n") == 431)
    #expect(refusal("GET / HTTP/1.1\r\n" + (0..<11).map { "H\($0): v\r\n" }.joined() + "\r\n") == 431)
    #expect(refusal("GET /\(String(repeating: "a", count: 1100))") == 414)
  }

  @Test func refusesTransferEncodingWith501() {
    #expect(refusal("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n") == 501)
  }

  /// Random bytes, and random mutations of a valid request, must end in a request, a wait for
  /// more, or an HTTPParseError: never a crash or a hang.
  @Test(.onAThreadOfItsOwn) func survivesRandomInput() throws {
    var generator = SystemRandomNumberGenerator()
    let valid = Array("POST /items?page=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nbody".utf8)
    for round in 0..<3_000 {
      var bytes: [UInt8]
      if round % 2 == 0 {
        bytes = (0..<Int.random(in: 0...400, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
      } else {
        bytes = valid
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
          bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
        }
      }
      var parser = HTTPRequestParser(limits: limits)
      var offset = 0
      do {
        while offset < bytes.count {
          let end = min(bytes.count, offset + Int.random(in: 1...64, using: &generator))
          parser.append(bytes[offset..<end])
          offset = end
          while try parser.nextRequest() != nil {}
        }
      } catch {
        #expect([400, 413, 414, 431, 501, 505].contains(error.status))
      }
    }
  }
}
