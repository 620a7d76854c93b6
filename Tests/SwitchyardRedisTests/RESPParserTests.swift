import ComposableArchitecture
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRedis

@Suite struct RESPParserTests {
  /// Every value in `bytes`, fed in one piece.
  func parseAll(_ text: String, limits: RESPLimits = .default) throws -> [RedisValue] {
    var parser = RESPParser(limits: limits)
    parser.append(Array(text.utf8))
    var values: [RedisValue] = []
    while let value = try parser.next() { values.append(value) }
    return values
  }

  @Test func readsEveryRESP2Type() throws {
    let values = try parseAll("+OK\r\n-WRONGTYPE Operation against a key\r\n:-42\r\n$5\r\nhe\r\no\r\n$-1\r\n*2\r\n$1\r\na\r\n:1\r\n*-1\r\n$0\r\n\r\n")
    #expect(values == [
      .simpleString("OK"),
      .error(RedisServerError(code: "WRONGTYPE", message: "Operation against a key")),
      .integer(-42),
      .bulkString(Array("he\r\no".utf8)),
      .null,
      .array([.bulkString([UInt8(ascii: "a")]), .integer(1)]),
      .null,
      .bulkString([]),
    ])
  }

  @Test func readsEveryRESP3Type() throws {
    let values = try parseAll(
      "_\r\n,3.25\r\n,inf\r\n#t\r\n#f\r\n(3492890328409238509324850943850943825024385\r\n"
        + "%2\r\n+a\r\n:1\r\n+b\r\n_\r\n~1\r\n+x\r\n=8\r\ntxt:some\r\n!9\r\nERR oops!\r\n"
        + "|1\r\n+ttl\r\n:3\r\n:7\r\n>2\r\n+message\r\n+hi\r\n+after\r\n")
    #expect(values == [
      .null, .double(3.25), .double(.infinity), .boolean(true), .boolean(false),
      .bigNumber("3492890328409238509324850943850943825024385"),
      .map([RedisPair(key: .simpleString("a"), value: .integer(1)), RedisPair(key: .simpleString("b"), value: .null)]),
      .set([.simpleString("x")]),
      .bulkString(Array("some".utf8)),
      .error(RedisServerError(code: "ERR", message: "oops!")),
      .integer(7),  // the attribute before it is read and dropped
      .push([.simpleString("message"), .simpleString("hi")]),
      .simpleString("after"),
    ])
  }

  @Test func errorRepliesWithoutACodeAreERR() {
    #expect(RedisServerError(reply: "unknown thing") == RedisServerError(code: "ERR", message: "unknown thing"))
    #expect(RedisServerError(reply: "BUSYGROUP Consumer Group name already exists").code == "BUSYGROUP")
  }

  @Test func yieldsTheSameRepliesHoweverTheBytesAreSplit() throws {
    let text = "*3\r\n$3\r\nabc\r\n*2\r\n:1\r\n%1\r\n+k\r\n$2\r\nvv\r\n+OK\r\n:99\r\n$-1\r\n"
    let whole = try parseAll(text)
    let bytes = Array(text.utf8)
    for split in 1..<bytes.count {
      var parser = RESPParser()
      var values: [RedisValue] = []
      parser.append(bytes[..<split])
      while let value = try parser.next() { values.append(value) }
      parser.append(bytes[split...])
      while let value = try parser.next() { values.append(value) }
      #expect(values == whole, "split at \(split)")
    }
    // And byte by byte.
    var parser = RESPParser()
    var values: [RedisValue] = []
    for byte in bytes {
      parser.append([byte])
      while let value = try parser.next() { values.append(value) }
    }
    #expect(values == whole)
    #expect(parser.bufferedByteCount == 0)
  }

  @Test(arguments: [
    ("?x\r\n", RESPProtocolError.unknownType(byte: UInt8(ascii: "?"), offset: 0)),
    (":12a\r\n", .invalidNumber(offset: 1)),
    (":99999999999999999999\r\n", .invalidNumber(offset: 1)),
    ("$-5\r\n", .invalidNumber(offset: 1)),
    ("$3\r\nabcd\r\n", .missingTerminator(offset: 7)),
    ("+OK\rX", .missingTerminator(offset: 3)),
    (",1.5x\r\n", .invalidScalar(offset: 1)),
    ("#maybe\r\n", .invalidScalar(offset: 1)),
    ("_x\r\n", .invalidScalar(offset: 1)),
    ("$?\r\n", .streamedValue(offset: 1)),
    ("*?\r\n", .streamedValue(offset: 1)),
  ])
  func refusesMalformedReplies(input: String, expected: RESPProtocolError) {
    #expect(throws: expected) { try parseAll(input) }
  }

  @Test func countsAnErrorsOffsetFromItsReplyWhateverCameBeforeAndHoweverItWasSplit() throws {
    #expect(throws: RESPProtocolError.invalidNumber(offset: 1)) { try parseAll("+OK\r\n:12a\r\n") }
    // Read in two pieces, the buffer drops the first reply before the second is parsed.
    var parser = RESPParser()
    parser.append(Array("+OK\r\n:1".utf8))
    #expect(try parser.next() == .simpleString("OK"))
    parser.append(Array("2a\r\n".utf8))
    #expect(throws: RESPProtocolError.invalidNumber(offset: 1)) { try parser.next() }
  }

  @Test func refusesLengthsOverTheLimitsBeforeBufferingThem() throws {
    let limits = RESPLimits(maxBulkLength: 10, maxAggregateCount: 4, maxDepth: 3, maxLineLength: 16)
    #expect(throws: RESPProtocolError.bulkOverLimit(length: 1_000_000, limit: 10)) {
      try parseAll("$1000000\r\n", limits: limits)
    }
    #expect(throws: RESPProtocolError.countOverLimit(count: 5, limit: 4)) { try parseAll("*5\r\n", limits: limits) }
    #expect(throws: RESPProtocolError.countOverLimit(count: 3, limit: 2)) { try parseAll("%3\r\n", limits: limits) }
    #expect(throws: RESPProtocolError.depthOverLimit(limit: 3)) { try parseAll("*1\r\n*1\r\n*1\r\n*1\r\n:1\r\n", limits: limits) }
    #expect(throws: RESPProtocolError.lineOverLimit(limit: 16)) {
      try parseAll("+" + String(repeating: "a", count: 40), limits: limits)
    }
    // Within the limits, all is read.
    #expect(try parseAll("*1\r\n*1\r\n*0\r\n", limits: limits) == [.array([.array([.array([])])])])
  }

  @Test func refusesARunOfAttributesAsNestingRatherThanRecursingWithoutEnd() throws {
    // Each attribute read the reply after it one call deeper and no level deeper: 200,000 of them,
    // 800 KB, overflowed the stack.
    let run = String(repeating: "|0\r\n", count: 200_000) + ":1\r\n"
    #expect(throws: RESPProtocolError.depthOverLimit(limit: 32)) { try parseAll(run) }
    #expect(throws: RESPProtocolError.depthOverLimit(limit: 3)) {
      try parseAll("|0\r\n|0\r\n|0\r\n|0\r\n:1\r\n", limits: RESPLimits(maxDepth: 3))
    }
    // An attribute or two before a reply, as Redis sends them, are read and dropped.
    #expect(try parseAll("|0\r\n|1\r\n+a\r\n:1\r\n:7\r\n") == [.integer(7)])
  }

  @Test func refusesAReplyOverItsLengthLimitOnceAHeaderAnnouncesIt() throws {
    let limits = RESPLimits(maxBulkLength: 8, maxReplyLength: 20)
    let reply = "*3\r\n$8\r\naaaaaaaa\r\n$8\r\n"
    // Refused at the second string's header, before its bytes come in: the reply would need 33.
    var general = RESPParser(limits: limits)
    general.append(Array(reply.utf8))
    #expect(throws: RESPProtocolError.replyOverLimit(limit: 20)) { _ = try general.next() }
    var streamReads = RESPParser(limits: limits)
    streamReads.append(Array(reply.utf8))
    #expect(throws: RESPProtocolError.replyOverLimit(limit: 20)) { _ = try streamReads.nextStreamReads() }
    #expect(try parseAll("*2\r\n$1\r\na\r\n$1\r\nb\r\n", limits: limits) == [.array([.bulkString([97]), .bulkString([98])])])
  }

  /// Whole in one read, a reply waits for no header's bytes: it is measured once complete, so the
  /// limit holds however the server's bytes are split.
  @Test func refusesAReplyOverItsLengthLimitThatArrivedWhole() throws {
    let limits = RESPLimits(maxReplyLength: 20)
    let long = "*3\r\n$4\r\naaaa\r\n$4\r\nbbbb\r\n$4\r\ncccc\r\n"
    #expect(throws: RESPProtocolError.replyOverLimit(limit: 20)) { try parseAll(long, limits: limits) }
    let read = "*1\r\n*2\r\n$6\r\nstream\r\n*1\r\n*2\r\n$3\r\n1-0\r\n*2\r\n$1\r\nk\r\n$1\r\nv\r\n"
    var streamReads = RESPParser(limits: limits)
    streamReads.append(Array(read.utf8))
    #expect(throws: RESPProtocolError.replyOverLimit(limit: 20)) { _ = try streamReads.nextStreamReads() }
    var roomy = RESPParser(limits: RESPLimits(maxReplyLength: read.utf8.count))
    roomy.append(Array(read.utf8))
    guard case let .reads(reads)? = try roomy.nextStreamReads() else { Issue.record("not read as stream reads"); return }
    #expect(reads.map(\.key) == ["stream"])
  }

  @Test(.onAThreadOfItsOwn) func randomBytesAndMutatedRepliesNeverCrash() {
    var generator = SeededRandomNumberGenerator(seed: 16)
    let valid = Array("*2\r\n$5\r\nhello\r\n%1\r\n+k\r\n*2\r\n:1\r\n,2.5\r\n".utf8)
    let limits = RESPLimits(maxBulkLength: 1 << 16, maxAggregateCount: 1 << 12, maxDepth: 8, maxLineLength: 256)
    var outcomes = (values: 0, errors: 0, incomplete: 0)
    for round in 0..<20_000 {
      var bytes: [UInt8]
      if round.isMultiple(of: 2) {
        bytes = (0..<Int.random(in: 1...64, using: &generator)).map { _ in
          // Mostly RESP's own bytes, so that the parser gets past the first one.
          let alphabet = Array("*$%~>|:+-_,#(!=?0123456789\r\n-".utf8)
          return Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
        }
      } else {
        bytes = valid
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
          bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
        }
      }
      var parser = RESPParser(limits: limits)
      parser.append(bytes)
      do {
        var any = false
        while try parser.next() != nil { any = true }
        if any { outcomes.values += 1 } else { outcomes.incomplete += 1 }
      } catch {
        outcomes.errors += 1
      }
    }
    // Each kind of outcome occurs, so the fuzzing reaches past the first byte.
    #expect(outcomes.values > 0 && outcomes.errors > 0 && outcomes.incomplete > 0)
  }

  @Test func encodesCommandsAsArraysOfBulkStrings() {
    var bytes: [UInt8] = []
    RedisCommand("SET", "k", "").appending([0, 13, 10]).encode(into: &bytes)
    #expect(bytes == Array("*4\r\n$3\r\nSET\r\n$1\r\nk\r\n$0\r\n\r\n$3\r\n".utf8) + [0, 13, 10] + [13, 10])
    var long: [UInt8] = []
    RedisCommand("DEL", (0..<9).map { _ in String(repeating: "k", count: 100) }).encode(into: &long)
    #expect(long.starts(with: Array("*10\r\n$3\r\nDEL\r\n$100\r\n".utf8)))
  }
}
