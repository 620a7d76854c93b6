import ComposableArchitecture
import SwitchyardWire
import SwitchyardTestSupport
import Testing

/// Seeded fuzzing: random and mutated frames must only ever produce frames, messages or typed
/// errors; never a crash, a hang or an unbounded allocation. Any message that does decode must
/// survive a re-encode unchanged.
@Suite struct FuzzTests {
  private static let frameCount = 100_000
  private static let maxFrameLength = 4_096

  /// Valid payloads to mutate: every vector's, plus the messages the unit tests use.
  private static func corpus() throws -> [[UInt8]] {
    var corpus = MessageTests.workerMessages.map { $0.encodedPayload() }
    corpus += MessageTests.controlMessages.map { $0.encodedPayload() }
    for file in ["worker", "control"] {
      for vector in try Vectors.load(file) { corpus.append(Array(vector.bytes.dropFirst(Frame.headerLength))) }
    }
    return corpus
  }

  private static let tokens: [[UInt8]] = [
    "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "null", "true", "-", "0", "1e999", ".5",
    "\"type\"", "\"run\"", "\"hello\"", "\"id\"", "18446744073709551616", "-9223372036854775809",
  ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x00], [0xF4, 0x90]]

  private static func mutate(_ payload: [UInt8], using random: inout SeededRandomNumberGenerator) -> [UInt8] {
    var bytes = payload
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
      case 1 where !bytes.isEmpty: bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &random)
      case 2: bytes.insert(contentsOf: tokens.randomElement(using: &random)!, at: position)
      case 3 where !bytes.isEmpty: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...8, using: &random)))
      case 4: bytes = Array(bytes.prefix(position))
      default: bytes.insert(contentsOf: bytes[position...].prefix(16), at: position)
      }
    }
    return bytes
  }

  private static func randomPayload(using random: inout SeededRandomNumberGenerator) -> [UInt8] {
    if Bool.random(using: &random) {
      return (0..<Int.random(in: 0...48, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
    }
    var bytes: [UInt8] = []
    for _ in 0..<Int.random(in: 1...16, using: &random) { bytes += tokens.randomElement(using: &random)! }
    return bytes
  }

  /// A frame around `payload`, sometimes with a lying header: zero, too long, or past the limit.
  private static func frame(_ payload: [UInt8], using random: inout SeededRandomNumberGenerator) -> [UInt8] {
    var length = UInt32(payload.count)
    switch Int.random(in: 0..<40, using: &random) {
    case 0: length = 0
    case 1: length = UInt32.random(in: 0...UInt32.max, using: &random)
    case 2: length = UInt32(maxFrameLength + 1)
    case 3: length += UInt32.random(in: 1...8, using: &random)
    default: break
    }
    return withUnsafeBytes(of: length.bigEndian, Array.init) + payload
  }

  // Seconds of CPU: on a thread of its own, not one of the two the whole run's async tests share.
  @Test(.onAThreadOfItsOwn) func randomAndMutatedFramesOnlyYieldFramesOrTypedErrors() throws {
    let corpus = try Self.corpus()
    var random = SeededRandomNumberGenerator(seed: 0x5717_C4A2D)
    var stats = (frames: 0, messages: 0, wireErrors: 0, frameErrors: 0)
    var generated = 0
    while generated < Self.frameCount {
      var stream: [UInt8] = []
      var frameStarts: [Int] = []
      for _ in 0..<64 {
        let payload =
          Int.random(in: 0..<4, using: &random) == 0
          ? Self.randomPayload(using: &random) : Self.mutate(corpus.randomElement(using: &random)!, using: &random)
        frameStarts.append(stream.count)
        stream += Self.frame(payload, using: &random)
        generated += 1
      }
      var decoder = FrameDecoder(maxFrameLength: Self.maxFrameLength)
      var offset = 0
      while offset < stream.count {
        let end = min(stream.count, offset + Int.random(in: 1...512, using: &random))
        decoder.append(contentsOf: stream[offset..<end])
        offset = end
        do throws(FrameError) {
          while let payload = try decoder.next() {
            stats.frames += 1
            #expect(payload.count <= Self.maxFrameLength)
            decodeBothWays(payload, stats: &stats)
          }
        } catch {
          // The stream has lost its framing; resume as a new stream at the next frame we know of.
          stats.frameErrors += 1
          decoder = FrameDecoder(maxFrameLength: Self.maxFrameLength)
          offset = frameStarts.first { $0 >= offset } ?? stream.count
        }
        #expect(decoder.bufferedByteCount <= Self.maxFrameLength + Frame.headerLength + 512)
      }
    }
    #expect(stats.frames > Self.frameCount / 2)
    #expect(stats.messages > 5_000)
    #expect(stats.wireErrors > 10_000)
    #expect(stats.frameErrors > 100)
  }

  /// Decodes as both channels' messages; what decodes must re-encode to the same JSON (compared
  /// as JSON values, so that NaN, sent as null, compares equal to itself).
  private func decodeBothWays(
    _ payload: [UInt8], stats: inout (frames: Int, messages: Int, wireErrors: Int, frameErrors: Int)
  ) {
    do throws(WireError) {
      let message = try WorkerMessage(payload: payload)
      stats.messages += 1
      let again = try WorkerMessage(payload: message.encodedPayload())
      #expect(sameJSON(again.encodedPayload(), message.encodedPayload()), "\(payload.text)")
    } catch {
      stats.wireErrors += 1
    }
    do throws(WireError) {
      let message = try ControlMessage(payload: payload)
      stats.messages += 1
      let again = try ControlMessage(payload: message.encodedPayload())
      #expect(sameJSON(again.encodedPayload(), message.encodedPayload()), "\(payload.text)")
    } catch {
      stats.wireErrors += 1
    }
  }

  private func sameJSON(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    guard let first = try? WireJSONDecoder().parse(first) else { return false }
    return first == (try? WireJSONDecoder().parse(second))
  }
}
