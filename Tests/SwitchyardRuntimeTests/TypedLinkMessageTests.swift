import SwitchyardWire
import Testing
@testable import SwitchyardRuntime

/// Links take typed commands and workers make typed replies; each is framed or encoded at its
/// edge into exactly the message the other end decodes, its job or output spliced in unparsed.
struct TypedLinkMessageTests {
  private static let dispatch = JobDispatch(
    effect: 41, generation: 3, kind: "probe", job: Array(#"{"tag":"a","outputs":[1,2]}"#.utf8), deadlineMillis: 900,
    attempt: 2, delivered: 5, affinity: "user-7"
  )

  private func frames(_ bytes: [UInt8]) throws -> [WorkerMessage] {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: bytes)
    var messages: [WorkerMessage] = []
    while let payload = try decoder.next() { messages.append(try WorkerMessage(payload: payload)) }
    return messages
  }

  @Test func eachCommandIsTheFrameAWorkerProcessReads() throws {
    let commands: [WorkerCommand] = [
      .hello(Hello(role: "coordinator", pid: 7)), .run(Self.dispatch), .cancel(Cancel(effect: 41, generation: 3)),
      .ping(Ping(nonce: 9)), .shutdown(Shutdown(graceMillis: 250)),
    ]
    var bytes: [UInt8] = []
    for command in commands { command.appendFrame(to: &bytes) }

    let job = try RawJSON(parsing: Array(#"{"tag":"a","outputs":[1,2]}"#.utf8))
    #expect(
      try frames(bytes) == [
        .hello(Hello(role: "coordinator", pid: 7)),
        .run(Run(effect: 41, generation: 3, kind: "probe", job: job, deadlineMillis: 900, attempt: 2, delivered: 5, affinity: "user-7")),
        .cancel(Cancel(effect: 41, generation: 3)), .ping(Ping(nonce: 9)), .shutdown(Shutdown(graceMillis: 250)),
      ])
  }

  @Test func aDispatchsPayloadIsItsFrameWithoutTheHeader() {
    var frame: [UInt8] = []
    Self.dispatch.appendFrame(to: &frame)
    var payload: [UInt8] = []
    Self.dispatch.appendPayload(to: &payload)
    #expect(Array(frame.dropFirst(Frame.headerLength)) == payload)
  }

  @Test func eachReplyFramesAndEncodesAsTheMessageTheCoordinatorReads() throws {
    let replies: [WorkerReply] = [
      .emit(EncodedEmit(effect: 41, generation: 3, output: Array("[1,2]".utf8), sequence: 4)),
      .finished(Finished(effect: 41, generation: 3, outputs: 5)),
      .failed(Failed(effect: 42, generation: 1, code: "timeout", message: "too slow", retryable: true)),
      .heartbeat(Heartbeat(inFlight: 2, counters: ["runsReceived": 3])),
      .pong(Pong(nonce: 9)),
    ]
    var bytes: [UInt8] = []
    for reply in replies { reply.appendFrame(to: &bytes) }
    let framed = try frames(bytes)
    let encoded = try replies.map { reply in
      var payload: [UInt8] = []
      reply.appendPayload(to: &payload)
      return try WorkerMessage(payload: payload)
    }

    #expect(framed == encoded)
    #expect(framed[0] == .emit(Emit(effect: 41, generation: 3, output: try RawJSON(parsing: Array("[1,2]".utf8)), sequence: 4)))
    #expect(framed[1...] == [
      .finished(Finished(effect: 41, generation: 3, outputs: 5)),
      .failed(Failed(effect: 42, generation: 1, code: "timeout", message: "too slow", retryable: true)),
      .heartbeat(Heartbeat(inFlight: 2, counters: ["runsReceived": 3])), .pong(Pong(nonce: 9)),
    ])
    #expect(replies.map { $0.ending.map { "\($0.effect)/\($0.generation)" } } == [nil, "41/3", "42/1", nil, nil])
  }
}
