import ComposableArchitecture
import Foundation
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRedis

/// Thousands of replies a broken or hostile server might send, through the general parser and the
/// in-place stream-read parser: neither traps or loops, every outcome is a reply, a wish for more
/// bytes or a typed ``RESPProtocolError``, and how the bytes are split changes none of it.
///
/// Each run takes a new seed and prints it; `SWITCHYARD_FUZZ_SEED=<seed>` replays a run.
@Suite(.onAThreadOfItsOwn) struct MutatedReplyFuzzTests {
  static let seed = ProcessInfo.processInfo.environment["SWITCHYARD_FUZZ_SEED"].flatMap { UInt64($0) } ?? .random(in: 0...UInt64.max)

  /// The client's defaults, and limits small enough that the mutations cross every one of them;
  /// depth 4 is the least the stream-read path reads in place.
  static let limits = [
    "default": RESPLimits.default,
    "tight": RESPLimits(maxBulkLength: 64, maxAggregateCount: 16, maxDepth: 4, maxLineLength: 48, maxReplyLength: 400),
  ]

  @Test(arguments: ["default", "tight"])
  func mutatedRepliesParseTheSameHoweverTheyAreSplit(lane: String) throws {
    let limits = try #require(Self.limits[lane])
    print("reply fuzz (\(lane) limits): seed \(Self.seed) (SWITCHYARD_FUZZ_SEED=\(Self.seed) replays it)")
    var generator = SeededRandomNumberGenerator(seed: Self.seed ^ UInt64(lane.utf8.count))
    var problems: [String] = []
    var tally = (replies: 0, errors: 0, incomplete: 0, overLimit: 0)
    let started = ContinuousClock.now
    for round in 0..<4_000 {
      let seed = RESPReplySeeds.all[round % RESPReplySeeds.all.count]
      var (bytes, mutation) = generator.mutate(reply: seed)
      if generator.next() % 4 == 0 {
        let (again, second) = generator.mutate(reply: bytes)
        bytes = again
        mutation += ", " + second
      }
      let caseStarted = ContinuousClock.now
      let whole = ReplyParse(bytes, limits: limits, streamReads: false)
      var splits = [[Int]]()
      for _ in 0..<2 { splits.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }) }
      if bytes.count <= 1_500 { splits.append(Array(bytes.indices)) }
      func problem(_ what: String) {
        problems.append("round \(round), \(mutation), \(bytes.count) bytes \(String(decoding: bytes.prefix(120), as: UTF8.self).debugDescription): \(what)")
      }
      if whole.looped { problem("the parser looped: \(whole)") }
      if let reply = whole.returnedAfterError { problem("after \(whole.error!) the parser returned \(reply)") }
      for cuts in splits {
        let split = ReplyParse(bytes, cuts: cuts, limits: limits, streamReads: false)
        if split != whole { problem("whole: \(whole); cut at \(cuts.prefix(8)): \(split)") }
      }
      let fast = ReplyParse(bytes, limits: limits, streamReads: true)
      if !fast.agrees(withGeneral: whole) { problem("general: \(whole); stream reads: \(fast)") }
      let fastSplit = ReplyParse(bytes, cuts: splits[0], limits: limits, streamReads: true)
      if fastSplit != fast { problem("stream reads whole: \(fast); cut at \(splits[0]): \(fastSplit)") }
      if ContinuousClock.now - caseStarted > .seconds(2) { problem("took \(ContinuousClock.now - caseStarted)") }

      if !whole.replies.isEmpty { tally.replies += 1 }
      switch whole.error {
      case nil: tally.incomplete += 1
      case let error? where error.isOverLimit: tally.overLimit += 1
      case _?: tally.errors += 1
      }
    }
    print("reply fuzz (\(lane) limits): 4000 mutations in \(ContinuousClock.now - started): \(tally)")
    #expect(problems.isEmpty, "\(problems.count) problems (seed \(Self.seed)):\n\(problems.prefix(12).joined(separator: "\n"))")
    // Each outcome occurs, so the mutations reach past the first byte and into the limits.
    #expect(tally.replies > 0 && tally.errors > 0 && tally.incomplete > 0 && tally.overLimit > 0)
  }

  @Test func aValidReplyFollowedByGarbageIsReturnedFirst() {
    var generator = SeededRandomNumberGenerator(seed: Self.seed &+ 1)
    var problems: [String] = []
    for round in 0..<2_000 {
      let seed = RESPReplySeeds.all[round % RESPReplySeeds.all.count]
      let (garbage, mutation) = generator.mutate(reply: RESPReplySeeds.all.randomElement(using: &generator)!)
      for streamReads in [false, true] {
        let expected = ReplyParse(seed, limits: .default, streamReads: streamReads)
        let parse = ReplyParse(seed + garbage, cuts: [Int.random(in: 0...seed.count + garbage.count, using: &generator)], limits: .default, streamReads: streamReads)
        if expected.replies.isEmpty || expected.error != nil || !parse.begins(with: expected) {
          problems.append("round \(round), \(mutation) after \(String(decoding: seed, as: UTF8.self).debugDescription): \(parse)")
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.count) problems (seed \(Self.seed)):\n\(problems.prefix(12).joined(separator: "\n"))")
  }

  /// The parser's contract after an error (``RESPProtocolError``: the connection is closed, since
  /// where the next reply starts is unknown): asked again, it refuses the same bytes the same way.
  @Test func afterAnErrorTheParserRefusesAgainWhateverFollows() throws {
    var parser = RESPParser()
    parser.append(Array("+OK\r\n:12a\r\n".utf8))
    #expect(try parser.next() == .simpleString("OK"))
    #expect(throws: RESPProtocolError.invalidNumber(offset: 1)) { try parser.next() }
    parser.append(Array("+OK\r\n".utf8))
    #expect(throws: RESPProtocolError.invalidNumber(offset: 1)) { try parser.next() }
    #expect(throws: RESPProtocolError.invalidNumber(offset: 1)) { try parser.nextStreamReads() }
  }
}
