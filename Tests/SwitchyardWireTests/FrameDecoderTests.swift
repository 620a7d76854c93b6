import SwitchyardWire
import Testing

@Suite struct FrameDecoderTests {
  private static let payloads: [[UInt8]] = [
    Array(#"{"type":"ping","nonce":1}"#.utf8), [0x7B, 0x7D], Array(repeating: 0x20, count: 300), [0x41],
  ]

  private static func stream(_ payloads: [[UInt8]]) throws -> [UInt8] {
    var bytes: [UInt8] = []
    for payload in payloads { try FrameEncoder.append(payload: payload, to: &bytes) }
    return bytes
  }

  /// Feeds `bytes` in chunks of the given sizes (cycled) and collects every frame.
  private func frames(of bytes: [UInt8], chunkSizes: [Int]) throws -> [[UInt8]] {
    var decoder = FrameDecoder()
    var frames: [[UInt8]] = []
    var offset = 0
    var turn = 0
    while offset < bytes.count {
      let size = min(chunkSizes[turn % chunkSizes.count], bytes.count - offset)
      bytes[offset..<(offset + size)].withUnsafeBytes { decoder.append($0) }
      offset += size
      turn += 1
      while let frame = try decoder.next() { frames.append(frame) }
    }
    try decoder.finish()
    #expect(decoder.bufferedByteCount == 0)
    return frames
  }

  @Test(arguments: [[1], [2], [3], [5], [4096], [1, 2, 7], [3, 1, 300, 2]])
  func everyChunkingYieldsTheSameFrames(chunkSizes: [Int]) throws {
    let bytes = try Self.stream(Self.payloads)
    #expect(try frames(of: bytes, chunkSizes: chunkSizes) == Self.payloads)
  }

  @Test func manyFramesInOneRead() throws {
    let payloads = (0..<1000).map { Array("{\"n\":\($0)}".utf8) }
    var decoder = FrameDecoder()
    decoder.append(contentsOf: try Self.stream(payloads))
    var received: [[UInt8]] = []
    while let frame = try decoder.next() { received.append(frame) }
    #expect(received == payloads)
  }

  @Test func slicesAreThePayloadsWithoutTheirHeaders() throws {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: try Self.stream(Self.payloads))
    var received: [[UInt8]] = []
    while let slice = try decoder.nextSlice() { received.append(Array(slice)) }
    #expect(received == Self.payloads)
    #expect(decoder.bufferedByteCount == 0)
  }

  @Test func aSliceKeptPastTheNextAppendStillHoldsItsPayload() throws {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: try Self.stream([[0x31]]))
    let kept = try #require(try decoder.nextSlice())
    // The buffer is fully read, so this append starts it over: the kept slice must not see that.
    decoder.append(contentsOf: try Self.stream([[0x32, 0x33]]))
    #expect(Array(kept) == [0x31])
    #expect(try decoder.nextSlice().map(Array.init) == [0x32, 0x33])
  }

  @Test func aHeaderSplitAcrossReads() throws {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: [0, 0])
    #expect(try decoder.next() == nil)
    decoder.append(contentsOf: [0, 2, 0x7B])
    #expect(try decoder.next() == nil)
    decoder.append(contentsOf: [0x7D])
    #expect(try decoder.next() == [0x7B, 0x7D])
  }

  @Test func aZeroLengthFrameIsAnError() {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: [0, 0, 0, 0])
    #expect(throws: FrameError.emptyFrame) { try decoder.next() }
    #expect(throws: FrameError.emptyFrame) { try decoder.next() }
  }

  @Test func anOversizedLengthIsRefusedBeforeItsPayloadArrives() {
    var decoder = FrameDecoder(maxFrameLength: 1024)
    decoder.append(contentsOf: [0, 0, 4, 1])
    #expect(throws: FrameError.lengthOverLimit(length: 1025, limit: 1024)) { try decoder.next() }
    var defaultLimit = FrameDecoder()
    defaultLimit.append(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF])
    #expect(throws: FrameError.lengthOverLimit(length: 4_294_967_295, limit: Frame.defaultMaxLength)) {
      try defaultLimit.next()
    }
  }

  @Test func endOfStreamInsideAFrame() {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: [0, 0])
    #expect(throws: FrameError.truncatedHeader(received: 2)) { try decoder.finish() }
    decoder.append(contentsOf: [0, 10, 0x7B])
    #expect(throws: FrameError.truncatedPayload(expected: 10, received: 1)) { try decoder.finish() }
  }

  @Test func consumedBytesAreCompactedAway() throws {
    var decoder = FrameDecoder()
    let frame = try Self.stream([Array(repeating: 0x20, count: 1000)])
    for _ in 0..<10_000 {
      decoder.append(contentsOf: frame[..<500])
      #expect(try decoder.next() == nil)
      decoder.append(contentsOf: frame[500...])
      #expect(try decoder.next()?.count == 1000)
      #expect(decoder.bufferedByteCount == 0)
    }
  }

  @Test func theEncoderCoalescesFramesAndChecksLimits() throws {
    var buffer: [UInt8] = []
    try FrameEncoder.append(payload: [1, 2, 3], to: &buffer)
    try FrameEncoder.append(payload: [4], to: &buffer)
    #expect(buffer == [0, 0, 0, 3, 1, 2, 3, 0, 0, 0, 1, 4])
    #expect(throws: FrameError.emptyFrame) { try FrameEncoder.append(payload: [], to: &buffer) }
    #expect(throws: FrameError.lengthOverLimit(length: 5, limit: 4)) {
      try FrameEncoder.append(payload: [1, 2, 3, 4, 5], to: &buffer, maxFrameLength: 4)
    }
    #expect(buffer.count == 12)
  }

  @Test func errorsReadAsSentences() {
    #expect(FrameError.lengthOverLimit(length: 20, limit: 10).description
      == "A frame announced 20 bytes, over the limit of 10 bytes; raise the limit on both ends or send smaller messages.")
  }
}
