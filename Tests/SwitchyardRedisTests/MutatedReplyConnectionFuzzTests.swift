import ComposableArchitecture
import Foundation
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRedis

/// Mutated replies over a real socket: a ``RedisConnection`` whose peer answers a command (or its
/// handshake) with broken bytes fails that command with a typed ``RedisError`` within its
/// timeouts, closes its socket when it gives the connection up, and reconnects to a peer that
/// answers well.
@Suite(.onAThreadOfItsOwn, .timeLimit(.minutes(2))) struct MutatedReplyConnectionFuzzTests {
  @Test func aMutatedReplyFailsItsCommandTypedAndTheNextConnectionWorks() throws {
    let seed = MutatedReplyFuzzTests.seed &+ 2
    print("connection fuzz: seed \(seed) (SWITCHYARD_FUZZ_SEED=\(MutatedReplyFuzzTests.seed) replays it)")
    let peer = try ScriptedRedisPeer()
    defer { peer.stop() }
    var generator = SeededRandomNumberGenerator(seed: seed)
    var problems: [String] = []
    var tally: [String: Int] = [:]
    let started = ContinuousClock.now
    for round in 0..<300 {
      let index = Int.random(in: RESPReplySeeds.all.indices, using: &generator)
      let (reply, mutation) = generator.mutate(reply: RESPReplySeeds.all[index])
      let inHandshake = round.isMultiple(of: 8)
      // Mostly closed after the reply, so that a reply wanting more bytes ends at once rather
      // than at the read timeout; the rest time out.
      let closesAfter = generator.chance(85)
      peer.answerNext(with: .init(reply: reply, inHandshake: inHandshake, closesAfter: closesAfter))
      let redis = RedisConnection(configuration: peer.configuration)
      let exchangeStarted = ContinuousClock.now
      // Stream replies go through the in-place read, as the transport reads them.
      let isStreamRead = RESPReplySeeds.streamReads.contains { Array($0.utf8) == RESPReplySeeds.all[index] }
      let outcome = Result { () throws(RedisError) in
        isStreamRead ? "\(try redis.xread(streams: [(key: "jobs", position: .after(.zero))]))" : "\(try redis.send(RedisCommand("GET", "fuzz")))"
      }
      let elapsed = ContinuousClock.now - exchangeStarted
      func problem(_ what: String) {
        problems.append("round \(round), \(mutation) of seed \(index)\(inHandshake ? " in the handshake" : ""): \(what)")
      }
      // The connect may try twice, each within the connect timeout; a command, its read timeout.
      if elapsed > .seconds(5) { problem("took \(elapsed)") }
      switch outcome {
      case .success:
        tally["answered", default: 0] += 1
      case let .failure(error):
        tally[Self.kind(of: error), default: 0] += 1
        switch error {
        case .server, .unexpectedReply:
          // The connection stays usable after these; nothing to check here.
          break
        case .protocolViolation, .connectionLost, .timedOut, .connectFailed:
          // The connection gave its socket up, and the next command reconnects to a good answer.
          if !peer.waitUntilAllClosed() { problem("after \(error), \(peer.openConnections) connections are still open") }
          do throws(RedisError) {
            try redis.ping()
          } catch {
            problem("after \(outcome), the next command failed: \(error)")
          }
        case .closed:
          problem("failed as closed, which it was not")
        }
      }
      redis.close()
      if !peer.waitUntilAllClosed() { problem("after close(), \(peer.openConnections) connections are still open") }
    }
    print("connection fuzz: 300 exchanges in \(ContinuousClock.now - started): \(tally.sorted { $0.key < $1.key })")
    #expect(problems.isEmpty, "\(problems.count) problems (seed \(seed)):\n\(problems.prefix(12).joined(separator: "\n"))")
    #expect(tally["protocolViolation", default: 0] > 0 && tally["answered", default: 0] > 0)
  }

  static func kind(of error: RedisError) -> String {
    switch error {
    case .server: "server"
    case .protocolViolation: "protocolViolation"
    case .connectFailed: "connectFailed"
    case .connectionLost: "connectionLost"
    case .timedOut: "timedOut"
    case .closed: "closed"
    case .unexpectedReply: "unexpectedReply"
    }
  }
}
