import Testing
@testable import SwitchyardNet

/// The frame codec of RFC 6455 §5: what `encoded` writes, `WebSocketFrameDecoder` reads back,
/// and every per-frame rule is a typed error.
@Suite struct WebSocketFrameDecoderTests {
  private func decode(_ bytes: [UInt8], masked: Bool, limit: Int = 1 << 20) throws(WebSocketError) -> WebSocketFrame? {
    var decoder = WebSocketFrameDecoder(expectsMaskedFrames: masked, maxMessageSize: limit)
    decoder.append(bytes)
    return try decoder.nextFrame()
  }

  @Test(arguments: [0, 1, 125, 126, 127, 65_535, 65_536, 200_000])
  func roundTripsEveryLengthFormMaskedAndUnmasked(length: Int) throws {
    let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let frame = WebSocketFrame(fin: true, opcode: .binary, payload: payload)
    #expect(try decode(frame.encoded(), masked: false) == frame)
    #expect(try decode(frame.encoded(maskingKey: [0x12, 0x34, 0x56, 0x78]), masked: true) == frame)
  }

  @Test func usesTheShortestLengthForm() {
    #expect(WebSocketFrame(opcode: .binary, payload: .init(repeating: 0, count: 125)).encoded().count == 2 + 125)
    #expect(WebSocketFrame(opcode: .binary, payload: .init(repeating: 0, count: 126)).encoded().count == 4 + 126)
    #expect(WebSocketFrame(opcode: .binary, payload: .init(repeating: 0, count: 65_536)).encoded().count == 10 + 65_536)
  }

  /// RFC 6455 §5.7's examples, byte for byte.
  @Test func matchesTheRFCExamples() throws {
    #expect(WebSocketFrame(opcode: .text, payload: Array("Hello".utf8)).encoded() == [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
    let masked: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
    #expect(WebSocketFrame(opcode: .text, payload: Array("Hello".utf8)).encoded(maskingKey: [0x37, 0xFA, 0x21, 0x3D]) == masked)
    #expect(try decode(masked, masked: true) == WebSocketFrame(opcode: .text, payload: Array("Hello".utf8)))
    let firstFragment: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6C]
    #expect(try decode(firstFragment, masked: false) == WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8)))
    let ping: [UInt8] = [0x89, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]
    #expect(try decode(ping, masked: false) == WebSocketFrame(opcode: .ping, payload: Array("Hello".utf8)))
  }

  @Test func decodesFramesFedOneByteAtATime() throws {
    let frames = [
      WebSocketFrame(fin: false, opcode: .text, payload: Array("frag".utf8)),
      WebSocketFrame(opcode: .ping, payload: [1, 2, 3]),
      WebSocketFrame(fin: true, opcode: .continuation, payload: Array(repeating: 7, count: 70_000)),
    ]
    let stream = frames.flatMap { $0.encoded(maskingKey: WebSocketFrame.randomMaskingKey()) }
    var decoder = WebSocketFrameDecoder(expectsMaskedFrames: true, maxMessageSize: 1 << 20)
    var decoded: [WebSocketFrame] = []
    for byte in stream {
      decoder.append([byte])
      while let frame = try decoder.nextFrame() {
        decoded.append(frame)
      }
    }
    #expect(decoded == frames)
    #expect(decoder.bufferedByteCount == 0)
  }

  @Test func decodesFramesFedInRandomChunks() throws {
    var generator = SystemRandomNumberGenerator()
    let frames = (0..<50).map { index in
      WebSocketFrame(opcode: index % 2 == 0 ? .binary : .text, payload: Array(repeating: UInt8(index), count: Int.random(in: 0...70_000, using: &generator)))
    }
    let stream = frames.flatMap { $0.encoded() }
    var decoder = WebSocketFrameDecoder(expectsMaskedFrames: false, maxMessageSize: 1 << 20)
    var decoded: [WebSocketFrame] = []
    var offset = 0
    while offset < stream.count {
      let end = min(stream.count, offset + Int.random(in: 1...9_000, using: &generator))
      decoder.append(stream[offset..<end])
      offset = end
      while let frame = try decoder.nextFrame() {
        decoded.append(frame)
      }
    }
    #expect(decoded == frames)
  }

  @Test func waitsForTheWholeFrame() throws {
    let bytes = WebSocketFrame(opcode: .binary, payload: Array(repeating: 1, count: 300)).encoded()
    #expect(try decode(Array(bytes.dropLast()), masked: false) == nil)
    #expect(try decode(Array(bytes.prefix(3)), masked: false) == nil)
  }

  // MARK: Violations

  @Test func refusesReservedBits() {
    #expect(throws: WebSocketError.reservedBitsSet) { try decode([0xC1, 0x00], masked: false) }
    #expect(throws: WebSocketError.reservedBitsSet) { try decode([0x91, 0x00], masked: false) }
  }

  @Test(arguments: [3, 4, 5, 6, 7, 11, 12, 15] as [UInt8])
  func refusesUndefinedOpcodes(opcode: UInt8) {
    #expect(throws: WebSocketError.unknownOpcode(opcode)) { try decode([0x80 | opcode, 0x00], masked: false) }
  }

  @Test func serversRequireMaskedFramesAndClientsRefuseThem() {
    let frame = WebSocketFrame(opcode: .text, payload: Array("hi".utf8))
    #expect(throws: WebSocketError.unmaskedClientFrame) { try decode(frame.encoded(), masked: true) }
    #expect(throws: WebSocketError.maskedServerFrame) { try decode(frame.encoded(maskingKey: [1, 2, 3, 4]), masked: false) }
  }

  @Test func refusesLongControlFrames() {
    let ping = WebSocketFrame(opcode: .ping, payload: Array(repeating: 0, count: 126)).encoded()
    #expect(throws: WebSocketError.controlFrameTooLong(126)) { try decode(ping, masked: false) }
    let close = WebSocketFrame(opcode: .close, payload: Array(repeating: 0, count: 70_000)).encoded()
    #expect(throws: WebSocketError.controlFrameTooLong(70_000)) { try decode(close, masked: false) }
  }

  @Test func refusesFragmentedControlFrames() {
    #expect(throws: WebSocketError.fragmentedControlFrame) { try decode([0x09, 0x00], masked: false) }
  }

  @Test func refusesLengthsInMoreBytesThanNeeded() {
    #expect(throws: WebSocketError.nonMinimalLength) { try decode([0x82, 126, 0x00, 0x7D] + Array(repeating: 0, count: 125), masked: false) }
    #expect(throws: WebSocketError.nonMinimalLength) { try decode([0x82, 127, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF], masked: false) }
  }

  @Test func refusesA64BitLengthWithTheTopBitSet() {
    #expect(throws: WebSocketError.invalidLength) { try decode([0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0], masked: false) }
  }

  /// The header alone decides: a frame claiming 2^62 bytes fails with nothing buffered.
  @Test func refusesOversizedFramesFromTheirHeader() {
    #expect(throws: WebSocketError.messageTooLarge(limit: 1000)) {
      try decode([0x82, 127, 0x40, 0, 0, 0, 0, 0, 0, 0], masked: false, limit: 1000)
    }
    #expect(throws: WebSocketError.messageTooLarge(limit: 1000)) { try decode([0x82, 126, 0x03, 0xE9], masked: false, limit: 1000) }
    #expect(throws: Never.self) { try decode([0x82, 126, 0x03, 0xE8], masked: false, limit: 1000) }
  }

  @Test func countsTheFragmentsAlreadyHeldAgainstTheLimit() {
    var decoder = WebSocketFrameDecoder(expectsMaskedFrames: false, maxMessageSize: 100)
    decoder.append(WebSocketFrame(fin: true, opcode: .continuation, payload: Array(repeating: 0, count: 60)).encoded())
    #expect(throws: WebSocketError.messageTooLarge(limit: 100)) { try decoder.nextFrame(messageBytesSoFar: 41) }
  }
}
