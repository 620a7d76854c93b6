import ComposableArchitecture
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRedis

/// A reply that arrives in many reads is checked once, each read's bytes as they come, and parsed
/// once it is all in: parsed again from its first byte at every read, a long one cost the client
/// time quadratic in its length.
@Suite struct RESPReplyScanTests {
  /// A stream read of `entries` entries, RESP3, and the length of its longest entry.
  static func streamRead(entries: Int) -> (bytes: [UInt8], longestEntry: Int) {
    func bulk(_ text: String) -> String { "$\(text.utf8.count)\r\n\(text)\r\n" }
    var reply = "%1\r\n" + bulk("jobs") + "*\(entries)\r\n"
    var longest = 0
    for index in 0..<entries {
      let entry = "*2\r\n" + bulk("1700000000000-\(index)") + "*2\r\n" + bulk("run") + bulk(#"{"effect":\#(index)}"#)
      longest = max(longest, entry.utf8.count)
      reply += entry
    }
    return (Array(reply.utf8), longest)
  }

  /// Feeds `bytes` `read` at a time to `take` until it returns a reply; after every read that
  /// ends inside the reply, expects the check to have reached the last element begun.
  func readInPieces<Reply>(
    _ bytes: [UInt8], read: Int, longestEntry: Int, _ take: (inout RESPParser) throws -> Reply?
  ) throws -> Reply? {
    var parser = RESPParser()
    var offset = 0
    while offset < bytes.count {
      parser.append(bytes[offset..<min(offset + read, bytes.count)])
      offset += read
      if let reply = try take(&parser) { return reply }
      let scan = try #require(parser.scanned, "a read ended inside the reply, and nothing notes how far it was checked")
      // Only the entry the read ended in, and the headers that open it, are left to check.
      #expect(parser.buffer.count - scan.offset <= longestEntry, "checked to \(scan.offset) of \(parser.buffer.count)")
    }
    return nil
  }

  @Test func theGeneralParserChecksEachReadOnceAndParsesTheReplyOnce() throws {
    let (bytes, longest) = Self.streamRead(entries: 2_000)
    var whole = RESPParser()
    whole.append(bytes)
    let expected = try #require(try whole.next())
    let reply = try readInPieces(bytes, read: 1_000, longestEntry: longest) { try $0.next() }
    #expect(reply == expected)
  }

  @Test func theStreamReadPathChecksEachReadOnceAndReadsTheReplyOnce() throws {
    let (bytes, longest) = Self.streamRead(entries: 2_000)
    var whole = RESPParser()
    whole.append(bytes)
    let expected = try StreamRead.list(try #require(try whole.next()), command: "XREADGROUP")
    let reply = try readInPieces(bytes, read: 1_000, longestEntry: longest) { try $0.nextStreamReads() }
    guard case let .reads(reads) = reply else {
      Issue.record("the stream read was not read in place: \(String(describing: reply))")
      return
    }
    #expect(reads == expected)
  }

  @Test func aCheckResumedAfterTheBufferMovesFindsTheSameReply() throws {
    // Two replies, the second split over reads: consuming the first lets the buffer drop it,
    // which moves every offset the check of the second has noted.
    var parser = RESPParser()
    let second = Self.streamRead(entries: 50).bytes
    parser.append(Array("+first\r\n".utf8) + second[..<100])
    #expect(try parser.next() == .simpleString("first"))
    #expect(try parser.next() == nil)
    parser.append(second[100..<200])
    #expect(try parser.next() == nil)
    parser.append(second[200...])
    var whole = RESPParser()
    whole.append(second)
    #expect(try parser.next() == (try whole.next()))
    #expect(parser.bufferedByteCount == 0)
  }

  @Test func anErrorInAReadAfterTheFirstIsTheOneAWholeParseThrows() throws {
    var bytes = Self.streamRead(entries: 100).bytes
    // An entry's header past the middle, turned into a byte that starts no value.
    let header = Array("*2\r\n".utf8)
    let damaged = try #require((bytes.count / 2..<bytes.count).first { Array(bytes[$0..<$0 + 4]) == header })
    bytes[damaged] = UInt8(ascii: "X")
    var whole = RESPParser()
    whole.append(bytes)
    let expected = #expect(throws: RESPProtocolError.self) { try whole.next() }
    #expect(expected == .unknownType(byte: UInt8(ascii: "X"), offset: damaged))
    let inPieces = #expect(throws: RESPProtocolError.self) {
      try readInPieces(bytes, read: 64, longestEntry: bytes.count) { try $0.next() }
    }
    #expect(inPieces == expected)
  }
}
