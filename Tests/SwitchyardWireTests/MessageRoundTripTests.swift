import Testing
import SwitchyardWire

@Suite struct MessageRoundTripTests {
  @Test func workerMessagesRoundTrip() throws {
    let messages: [WorkerMessage] = [
      .hello(Hello(role: "worker", kind: "search", pid: 42, capabilities: ["cancel"])),
      .run(Run(effect: 7, generation: 1, kind: "search", job: ["query": "swift"], deadlineMillis: 5_000)),
      .emit(Emit(effect: 7, generation: 1, output: ["results": ["a", "b"]])),
      .finished(Finished(effect: 7, generation: 1)),
      .failed(Failed(effect: 7, generation: 1, code: "timeout", message: "Too slow.", retryable: true)),
      .cancel(Cancel(effect: 7, generation: 1)),
      .ping(Ping(nonce: .max)),
      .pong(Pong(nonce: 3)),
      .heartbeat(Heartbeat(inFlight: 2, counters: ["requests": 10])),
      .shutdown(Shutdown(graceMillis: 1_000)),
    ]
    for message in messages {
      #expect(try WorkerMessage(payload: message.encodedPayload()) == message)
    }
  }

  @Test func controlMessagesRoundTrip() throws {
    let messages: [ControlMessage] = [
      .status(id: 1),
      .state(id: 2, path: "sessions.0.search"),
      .stateChanged(id: 3, path: "", value: ["count": 1]),
      .scale(id: 4, pools: ["search": 3]),
      .error(id: nil, code: "badRequest", message: "No id."),
    ]
    for message in messages {
      #expect(try ControlMessage(payload: message.encodedPayload()) == message)
    }
  }
}
