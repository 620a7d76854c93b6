import Testing
@testable import SwitchyardNet

/// Message-level rules (RFC 6455 §5.4–5.5): reassembly, control frames between fragments,
/// continuation order, limits across fragments, UTF-8, and close frames.
@Suite struct WebSocketMessageAssemblerTests {
  private func events(_ frames: [WebSocketFrame], limit: Int = 1 << 20) throws(WebSocketError) -> [WebSocketMessageAssembler.Event] {
    var assembler = WebSocketMessageAssembler(expectsMaskedFrames: false, maxMessageSize: limit)
    assembler.append(frames.flatMap { $0.encoded() })
    var events: [WebSocketMessageAssembler.Event] = []
    while let event = try assembler.nextEvent() {
      events.append(event)
    }
    return events
  }

  @Test func reassemblesFragmentsAroundControlFrames() throws {
    let frames = [
      WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8)),
      WebSocketFrame(opcode: .ping, payload: [9]),
      WebSocketFrame(fin: false, opcode: .continuation, payload: Array("lo, ".utf8)),
      WebSocketFrame(opcode: .pong, payload: []),
      WebSocketFrame(fin: true, opcode: .continuation, payload: Array("wörld".utf8)),
      WebSocketFrame(opcode: .binary, payload: [1, 2]),
    ]
    #expect(try events(frames) == [.ping([9]), .pong([]), .message(.text("Hello, wörld")), .message(.binary([1, 2]))])
  }

  /// A multi-byte character may be split across fragments; only the whole message must be UTF-8.
  @Test func acceptsACharacterSplitAcrossFragments() throws {
    let euro = Array("€".utf8)
    let frames = [
      WebSocketFrame(fin: false, opcode: .text, payload: [euro[0]]),
      WebSocketFrame(fin: true, opcode: .continuation, payload: Array(euro[1...])),
    ]
    #expect(try events(frames) == [.message(.text("€"))])
  }

  @Test func refusesAContinuationWithNothingToContinue() {
    #expect(throws: WebSocketError.unexpectedContinuation) {
      try events([WebSocketFrame(fin: true, opcode: .continuation, payload: [1])])
    }
  }

  @Test func refusesANewMessageInsideAFragmentedOne() {
    #expect(throws: WebSocketError.expectedContinuation) {
      try events([
        WebSocketFrame(fin: false, opcode: .binary, payload: [1]),
        WebSocketFrame(fin: true, opcode: .text, payload: [2]),
      ])
    }
  }

  @Test func refusesInvalidUTF8Text() {
    #expect(throws: WebSocketError.invalidUTF8) { try events([WebSocketFrame(opcode: .text, payload: [0xC3, 0x28])]) }
    #expect(throws: WebSocketError.invalidUTF8) { try events([WebSocketFrame(opcode: .text, payload: [0xED, 0xA0, 0x80])]) }
  }

  @Test func enforcesTheLimitAcrossFragments() throws {
    let fragment = WebSocketFrame(fin: false, opcode: .binary, payload: Array(repeating: 0, count: 60))
    let last = WebSocketFrame(fin: true, opcode: .continuation, payload: Array(repeating: 0, count: 40))
    #expect(try events([fragment, last], limit: 100) == [.message(.binary(Array(repeating: 0, count: 100)))])
    #expect(throws: WebSocketError.messageTooLarge(limit: 99)) { try events([fragment, last], limit: 99) }
  }

  @Test func readsCloseFrames() throws {
    let withReason = WebSocketMessageAssembler.closePayload(WebSocketCloseStatus(code: .goingAway, reason: "bye"))
    #expect(try events([WebSocketFrame(opcode: .close, payload: withReason)]) == [.close(WebSocketCloseStatus(code: .goingAway, reason: "bye"))])
    #expect(try events([WebSocketFrame(opcode: .close)]) == [.close(WebSocketCloseStatus(code: .noStatusReceived))])
    #expect(try events([WebSocketFrame(opcode: .close, payload: [0x0F, 0xA0])]) == [.close(WebSocketCloseStatus(code: WebSocketCloseCode(rawValue: 4000)))])
  }

  @Test func refusesMalformedCloseFrames() {
    #expect(throws: WebSocketError.invalidClosePayload) { try events([WebSocketFrame(opcode: .close, payload: [0x03])]) }
    #expect(throws: WebSocketError.invalidUTF8) { try events([WebSocketFrame(opcode: .close, payload: [0x03, 0xE8, 0xFF])]) }
  }

  @Test(arguments: [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000] as [UInt16])
  func refusesCloseCodesNoEndpointMaySend(code: UInt16) {
    #expect(throws: WebSocketError.invalidCloseCode(code)) {
      try events([WebSocketFrame(opcode: .close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])])
    }
  }

  @Test func cutsLongCloseReasonsToFitAControlFrame() throws {
    let payload = WebSocketMessageAssembler.closePayload(WebSocketCloseStatus(code: .normalClosure, reason: String(repeating: "é", count: 100)))
    #expect(payload.count <= 125)
    #expect(try WebSocketMessageAssembler.closeStatus(from: payload).reason == String(repeating: "é", count: 61))
  }

  @Test func mapsViolationsToCloseCodes() {
    #expect(WebSocketError.invalidUTF8.closeCode == .invalidPayloadData)
    #expect(WebSocketError.messageTooLarge(limit: 1).closeCode == .messageTooBig)
    #expect(WebSocketError.reservedBitsSet.closeCode == .protocolError)
  }
}
