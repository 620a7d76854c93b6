import Testing
@testable import SwitchyardNet

/// The opening handshake of RFC 6455 §4, both sides, without sockets.
@Suite struct WebSocketHandshakeTests {
  /// RFC 6455 §1.3's worked example.
  @Test func computesTheRFCExampleAccept() {
    #expect(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  }

  @Test func makesFreshSixteenByteKeys() {
    let first = WebSocketHandshake.randomKey()
    #expect(Base64.decode(first)?.count == 16)
    #expect(first != WebSocketHandshake.randomKey())
  }

  private func head(_ text: String) throws -> HTTPHead {
    try HTTPHead.parse(ArraySlice(text.utf8), maxHeaderCount: 100)
  }

  private let key = "dGhlIHNhbXBsZSBub25jZQ=="

  @Test func acceptsTheRFCExampleAnswer() throws {
    let answer = try head("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n")
    #expect(throws: Never.self) { try WebSocketHandshake.validate(response: answer, key: key, offeredProtocols: []) }
  }

  @Test func refusesAWrongAccept() throws {
    let answer = try head("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: AAAAAAAAAAAAAAAAAAAAAAAAAAA=\r\n\r\n")
    #expect(throws: WebSocketError.acceptMismatch(expected: "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", received: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=")) {
      try WebSocketHandshake.validate(response: answer, key: key, offeredProtocols: [])
    }
  }

  @Test func refusesAnswersThatAreNotUpgrades() throws {
    let notFound = try head("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
    #expect(throws: WebSocketError.handshakeRejected(status: 404, reason: "Not Found")) {
      try WebSocketHandshake.validate(response: notFound, key: key, offeredProtocols: [])
    }
    let noUpgrade = try head("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n")
    #expect(throws: WebSocketError.self) { try WebSocketHandshake.validate(response: noUpgrade, key: key, offeredProtocols: []) }
    let extensionChosen = try head("HTTP/1.1 101 OK\r\nUpgrade: websocket\r\nConnection: upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n")
    #expect(throws: WebSocketError.self) { try WebSocketHandshake.validate(response: extensionChosen, key: key, offeredProtocols: []) }
    let garbage = try head("SSH-2.0-OpenSSH\r\n\r\n")
    #expect(throws: WebSocketError.self) { try WebSocketHandshake.validate(response: garbage, key: key, offeredProtocols: []) }
  }

  private func upgradeRequest(_ changes: (inout HTTPHeaders) -> Void = { _ in }) -> HTTPRequest {
    var headers: HTTPHeaders = [
      "Host": "127.0.0.1", "Upgrade": "websocket", "Connection": "keep-alive, Upgrade",
      "Sec-WebSocket-Key": key, "Sec-WebSocket-Version": "13",
    ]
    changes(&headers)
    return HTTPRequest(method: .get, target: "/feed", headers: headers)
  }

  @Test func serverAcceptsAValidRequestWithTheRFCAccept() throws {
    let answer = try WebSocketHandshake.accept(upgradeRequest()).get()
    #expect(String(decoding: answer, as: UTF8.self).contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"))
    #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 101 "))
  }

  @Test func serverRefusesInvalidRequests() {
    func status(_ request: HTTPRequest) -> Int? {
      if case .failure(let refusal) = WebSocketHandshake.accept(request) { return refusal.response.status }
      return nil
    }
    #expect(status(upgradeRequest { $0["Sec-WebSocket-Version"] = "8" }) == 426)
    #expect(status(upgradeRequest { $0["Sec-WebSocket-Key"] = "c2hvcnQ=" }) == 400)
    #expect(status(upgradeRequest { $0["Sec-WebSocket-Key"] = nil }) == 400)
    #expect(status(upgradeRequest { $0["Upgrade"] = nil }) == 400)
    var post = upgradeRequest()
    post.method = .post
    #expect(status(post) == 400)
  }
}
