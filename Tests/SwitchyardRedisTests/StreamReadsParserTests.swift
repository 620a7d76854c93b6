import ComposableArchitecture
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRedis

/// `XREAD`/`XREADGROUP` replies read in place give what the general parser and
/// ``StreamRead/list(_:command:)`` give, however the bytes are split.
@Suite struct StreamReadsParserTests {
  static let resp2 =
    "*2\r\n*2\r\n$4\r\njobs\r\n*2\r\n*2\r\n$15\r\n1700000000000-0\r\n*4\r\n$7\r\nmessage\r\n$9\r\n{\"a\":\"b\"}\r\n"
    + "$10\r\ngeneration\r\n$1\r\n3\r\n*2\r\n$4\r\n12-7\r\n*-1\r\n*2\r\n$7\r\nhandoff\r\n*0\r\n"
  static let resp3 =
    "%1\r\n$7\r\nreplies\r\n*3\r\n*2\r\n$3\r\n5-1\r\n*2\r\n$6\r\nworker\r\n$0\r\n\r\n*2\r\n$3\r\n5-2\r\n_\r\n"
    + "*2\r\n$1\r\n6\r\n*0\r\n"

  /// The reply as the general parser reads it.
  func general(_ text: String) throws -> [StreamRead] {
    var parser = RESPParser()
    parser.append(Array(text.utf8))
    return try StreamRead.list(try #require(try parser.next()), command: "XREAD")
  }

  @Test(arguments: [resp2, resp3])
  func readsEntriesAsTheGeneralParserDoes(text: String) throws {
    let expected = try general(text)
    #expect(expected.count >= 1 && expected[0].entries.count >= 2)
    let bytes = Array((text + "+OK\r\n").utf8)
    for split in 0..<bytes.count {
      var parser = RESPParser()
      parser.append(bytes[..<split])
      var reply = try parser.nextStreamReads()
      if reply == nil {
        parser.append(bytes[split...])
        reply = try parser.nextStreamReads()
      } else {
        parser.append(bytes[split...])
      }
      guard case let .reads(reads) = reply else {
        Issue.record("split at \(split): \(String(describing: reply))")
        continue
      }
      #expect(reads == expected, "split at \(split)")
      // What follows the reply is left for the next read.
      #expect(try parser.next() == .simpleString("OK"))
    }
  }

  @Test func hasOtherRepliesReadAsValues() throws {
    var parser = RESPParser()
    parser.append(Array("*-1\r\n_\r\n-NOGROUP no such group\r\n*1\r\n:5\r\n".utf8))
    guard case .value(.null) = try parser.nextStreamReads(), case .value(.null) = try parser.nextStreamReads(),
      case let .value(.error(error)) = try parser.nextStreamReads(), case .value(.array([.integer(5)])) = try parser.nextStreamReads()
    else {
      Issue.record("a reply of another shape was not read as a value")
      return
    }
    #expect(error.code == "NOGROUP")
    #expect(parser.bufferedByteCount == 0)
  }

  @Test func refusesRepliesDeeperThanTheLimitAsTheGeneralParserDoes() throws {
    // RESP2's fields are five aggregates deep: with four allowed, the in-place read took them.
    var parser = RESPParser(limits: RESPLimits(maxDepth: 4))
    parser.append(Array(Self.resp2.utf8))
    #expect(throws: RESPProtocolError.depthOverLimit(limit: 4)) { try parser.nextStreamReads() }
    var resp3 = RESPParser(limits: RESPLimits(maxDepth: 4))
    resp3.append(Array(Self.resp3.utf8))
    // RESP3's are four deep, within the limit (read by the general parser here).
    #expect(try resp3.nextStreamReads() != nil)
  }

  @Test func refusesMalformedRepliesAsTheGeneralParserDoes() {
    var parser = RESPParser()
    parser.append(Array("*1\r\n*2\r\n$4\r\njobs\r\n*1\r\n*2\r\n$3\r\n1-0\r\n*2\r\n$1\r\na\r\n$x\r\n".utf8))
    #expect(throws: RESPProtocolError.self) { try parser.nextStreamReads() }
  }

  @Test(.onAThreadOfItsOwn) func mutatedRepliesNeverCrashAndAgreeWithTheGeneralParser() {
    var generator = SeededRandomNumberGenerator(seed: 7)
    let valid = Array(Self.resp2.utf8)
    var outcomes = (same: 0, refused: 0)
    for _ in 0..<20_000 {
      var bytes = valid
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      }
      var fast = RESPParser()
      fast.append(bytes)
      var general = RESPParser()
      general.append(bytes)
      let reply = Result { () throws(RESPProtocolError) in try fast.nextStreamReads() }
      let value = Result { () throws(RESPProtocolError) in try general.next() }
      switch (reply, value) {
      case let (.success(.reads(reads)), .success(value)):
        #expect(value.map { try? StreamRead.list($0, command: "XREAD") } == reads)
        outcomes.same += 1
      case let (.success(.value(fastValue)), .success(value)):
        #expect(fastValue == value)
        outcomes.same += 1
      case (.success(nil), .success(nil)):
        outcomes.same += 1
      case let (.failure(fastError), .failure(generalError)):
        #expect(fastError == generalError)
        outcomes.refused += 1
      default:
        Issue.record("the fast path read \(reply), the general parser \(value)")
      }
    }
    #expect(outcomes.same > 0 && outcomes.refused > 0)
  }

  @Test func writesEntryIDsAsTheirText() {
    var bytes: [UInt8] = []
    RedisCommand.xack("jobs", group: "g", ids: [StreamEntryID(milliseconds: 1_700_000_000_000, sequence: 12), .zero])
      .encode(into: &bytes)
    #expect(bytes == Array("*5\r\n$4\r\nXACK\r\n$4\r\njobs\r\n$1\r\ng\r\n$16\r\n1700000000000-12\r\n$3\r\n0-0\r\n".utf8))
  }
}
