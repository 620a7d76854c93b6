import SwitchyardWire
import Testing
@testable import SwitchyardRedisTransport

/// The head of a message in transit, read without decoding its body, agrees with the decoder on
/// every shape the encoders write, and declines every other.
struct AttemptHeadTests {
  @Test(arguments: [
    WorkerMessage.run(Run(effect: 18_446_744_073_709_551_615, generation: 4_294_967_295, kind: "search", job: ["q": "x"])),
    .cancel(Cancel(effect: 7, generation: 2)),
    .finished(Finished(effect: 0, generation: 1)),
    .failed(Failed(effect: 12, generation: 3, code: "timeout", message: "late", retryable: true)),
    .emit(Emit(effect: 5, generation: 9, output: ["n": 1])),
  ])
  func readsTheHeadEveryEncoderWrites(message: WorkerMessage) throws {
    let head = try #require(AttemptHead(payload: message.encodedPayload()))
    switch message {
    case let .run(run): #expect(head == AttemptHead(kind: .run, effect: run.effect, generation: run.generation))
    case let .cancel(cancel): #expect(head == AttemptHead(kind: .cancel, effect: cancel.effect, generation: cancel.generation))
    case let .finished(end): #expect(head == AttemptHead(kind: .finished, effect: end.effect, generation: end.generation))
    case let .failed(end): #expect(head == AttemptHead(kind: .failed, effect: end.effect, generation: end.generation))
    case let .emit(emit): #expect(head == AttemptHead(kind: .emit, effect: emit.effect, generation: emit.generation))
    default: Issue.record("no head expected for \(message)")
    }
  }

  @Test func readsTheRunFrameTheCoordinatorSplicesAndTheEmitFrameAWorkerWrites() throws {
    var frames: [UInt8] = []
    Run.appendFrame(effect: 41, generation: 2, kind: "k", job: Array("{}".utf8), deadlineMillis: 10, attempt: 2, affinity: "s", to: &frames)
    Emit.appendFrame(effect: 41, generation: 2, output: Array("[1]".utf8), sequence: 0, to: &frames)
    var decoder = FrameDecoder()
    decoder.append(contentsOf: frames)
    #expect(AttemptHead(payload: try #require(try decoder.next())) == AttemptHead(kind: .run, effect: 41, generation: 2))
    #expect(AttemptHead(payload: try #require(try decoder.next())) == AttemptHead(kind: .emit, effect: 41, generation: 2))
  }

  @Test(arguments: [
    #"{"type":"heartbeat","inFlight":0,"counters":{}}"#,
    #"{"type":"pong","nonce":1}"#,
    #"{"effect":1,"type":"run","generation":1}"#,
    #"{"type":"run","effect":01,"generation":1}"#,
    #"{"type":"run","effect":-1,"generation":1}"#,
    #"{"type":"run","effect":18446744073709551616,"generation":1}"#,
    #"{"type":"run","effect":1,"generation":4294967296}"#,
    #"{"type":"run","effect":1,"generation":1"#,
    #"{"type":"run","effect":1,"generation":1x"#,
    #"{"type":"runs","effect":1,"generation":1}"#,
    #"{ "type":"run","effect":1,"generation":1}"#,
    "",
  ])
  func declinesEveryOtherShape(payload: String) {
    #expect(AttemptHead(payload: Array(payload.utf8)) == nil)
  }
}
