import Foundation
import SwitchyardWire
import Testing

@Suite struct MessageTests {
  static let workerMessages: [WorkerMessage] = [
    .hello(Hello(role: "worker", kind: "search", pid: 42, capabilities: ["cancel", "heartbeat"])),
    .hello(Hello(role: "coordinator", pid: 1)),
    .run(Run(effect: .max, generation: .max, kind: "search", job: ["query": "swift", "page": 2], deadlineMillis: 5_000, attempt: 2)),
    .run(Run(effect: 7, generation: 1, kind: "noop", job: nil)),
    .emit(Emit(effect: 7, generation: 1, output: ["results": ["a", "b"], "score": 0.5])),
    .finished(Finished(effect: 7, generation: 1)),
    .finished(Finished(effect: 7, generation: 2, outputs: 5)),
    .failed(Failed(effect: 7, generation: 1, code: "timeout", message: "Too slow.", retryable: true)),
    .cancel(Cancel(effect: 7, generation: 1)),
    .ping(Ping(nonce: .max)),
    .pong(Pong(nonce: 3)),
    .heartbeat(Heartbeat(inFlight: 2, counters: ["requests": 10, "errors": -1])),
    .shutdown(Shutdown(graceMillis: 1_000)),
  ]

  static let report = StatusReport(
    coordinator: CoordinatorStatus(
      pid: 10, version: "0.1.0", runDir: "/run/switchyard", uptimeSeconds: 12.5, stateBytes: 2_048, actionsTotal: 99, actionsPerSecond: 3.25),
    pools: [
      PoolStatus(
        kind: "search", size: 2, target: 3, busy: 1, queued: 4, started: 58, completed: 50, failed: 1, cancelled: 2,
        retried: 2, restarts: 0, latencyP50Micros: 900, latencyP90Micros: 4_000, latencyP99Micros: 12_000,
        latencyMaxMicros: 30_000, health: "healthy", counters: ["requests": 51])
    ],
    workers: [
      WorkerStatus(
        pid: 11, kind: "search", state: "ready", inFlight: 1, completed: 30, failed: 1, lastHeartbeatMillisAgo: 250,
        counters: ["requests": 31]),
      WorkerStatus(pid: 12, kind: "search", state: "starting", inFlight: 0),
    ])

  static let controlMessages: [ControlMessage] = [
    .hello(Hello(role: "client", pid: 77)),
    .status(id: 1),
    .statusReport(id: 1, report: report),
    .state(id: 2, path: "sessions.0.search"),
    .stateSlice(id: 2, path: "sessions.0.search", value: ["query": "tca"]),
    .subscribe(id: 3, path: ""),
    .stateChanged(id: 3, path: "", value: ["count": 1]),
    .unsubscribe(id: 3),
    .unsubscribed(id: 3),
    .send(id: 4, action: ["element": ["id": 1, "action": ["tapped": [:]]]]),
    .sent(id: 4),
    .scale(id: 5, pools: ["search": 3]),
    .scaled(id: 5, pools: ["search": 3, "feed": 1]),
    .error(id: 6, code: .unknownPath, message: "No state at sessions.9."),
    .error(id: nil, code: .badRequest, message: "The request has no id."),
    .error(id: 7, code: .shuttingDown, message: "The coordinator is shutting down."),
  ]

  @Test func workerMessagesRoundTripThroughBothCodecs() throws {
    for message in Self.workerMessages {
      #expect(try WorkerMessage(payload: message.encodedPayload()) == message)
      #expect(try JSONDecoder().decode(WorkerMessage.self, from: Data(message.encodedPayload())) == message)
      #expect(try WorkerMessage(payload: JSONEncoder().encode(message)) == message)
    }
  }

  @Test func controlMessagesRoundTripThroughBothCodecs() throws {
    for message in Self.controlMessages {
      #expect(try ControlMessage(payload: message.encodedPayload()) == message)
      #expect(try JSONDecoder().decode(ControlMessage.self, from: Data(message.encodedPayload())) == message)
      #expect(try ControlMessage(payload: JSONEncoder().encode(message)) == message)
    }
  }

  @Test func theWireShapeIsFlatWithTypeFirst() {
    let run = WorkerMessage.run(Run(effect: 1, generation: 2, kind: "k", job: [:], deadlineMillis: nil, attempt: 1))
    #expect(run.encodedPayload().text == #"{"type":"run","effect":1,"generation":2,"kind":"k","job":{},"attempt":1}"#)
    #expect(ControlMessage.status(id: 9).encodedPayload().text == #"{"type":"status","id":9}"#)
    #expect(ControlMessage.error(id: nil, code: ControlErrorCode(rawValue: "c"), message: "m").encodedPayload().text
      == #"{"type":"error","code":"c","message":"m"}"#)
  }

  @Test func anErrorCodeANewerCoordinatorAddsIsKeptAsItsText() throws {
    let known = try ControlMessage(payload: Array(#"{"type":"error","id":3,"code":"shuttingDown","message":"m"}"#.utf8))
    guard case .error(3, .shuttingDown, "m") = known else { Issue.record("read as \(known)"); return }
    let unknown = try ControlMessage(payload: Array(#"{"type":"error","code":"somethingNew","message":"m"}"#.utf8))
    guard case let .error(nil, code, _) = unknown else { Issue.record("read as \(unknown)"); return }
    #expect(code == ControlErrorCode(rawValue: "somethingNew") && code != .internal)
  }

  @Test func aRunFrameWithItsJobSplicedInIsTheFrameTheMessageWrites() throws {
    let cases = [
      Run(effect: .max, generation: .max, kind: "search", job: ["query": "swift \"tca\"", "page": 2], deadlineMillis: 5_000, attempt: 3),
      Run(effect: 7, generation: 1, kind: "a \"quoted\"\nkind", job: [1, nil, 2.5], deadlineMillis: nil, attempt: 1),
    ]
    for run in cases {
      var spliced: [UInt8] = []
      Run.appendFrame(
        effect: run.effect, generation: run.generation, kind: run.kind, job: try WireJSONEncoder().encode(run.job),
        deadlineMillis: run.deadlineMillis, attempt: run.attempt, to: &spliced
      )
      var written: [UInt8] = []
      WorkerMessage.run(run).appendFrame(to: &written)
      #expect(spliced == written)
    }
  }

  @Test func anEmitFrameWithItsOutputSplicedInIsTheFrameTheMessageWrites() throws {
    for emit in [Emit(effect: .max, generation: 3, output: ["results": ["a", "b \"c\""], "score": 0.5]), Emit(effect: 1, generation: 1, output: nil)] {
      var spliced: [UInt8] = []
      Emit.appendFrame(effect: emit.effect, generation: emit.generation, output: try WireJSONEncoder().encode(emit.output), to: &spliced)
      var written: [UInt8] = []
      WorkerMessage.emit(emit).appendFrame(to: &written)
      #expect(spliced == written)
    }
  }

  @Test func aFinishedFrameWrittenByHandIsTheFrameItsEncodingMakes() throws {
    let cases = [
      Finished(effect: .max, generation: .max), Finished(effect: 1, generation: 0),
      Finished(effect: .max, generation: .max, outputs: .max), Finished(effect: 1, generation: 0, outputs: 0),
    ]
    for finished in cases {
      var written: [UInt8] = []
      WorkerMessage.finished(finished).appendFrame(to: &written)
      let encoded = try WireJSONEncoder().encode(WorkerMessage.finished(finished))
      var decoder = FrameDecoder()
      decoder.append(contentsOf: written)
      #expect(try decoder.next() == encoded)
      #expect(try WorkerMessage(payload: encoded) == .finished(finished))
    }
  }

  /// `outputs` is how many outputs the effect emitted, so a coordinator sees the last ones lost;
  /// an older worker leaves it out, which must read as unknown, never as none.
  @Test func aFinishedSaysHowManyOutputsItsEffectEmittedOrNothing() throws {
    #expect(WorkerMessage.finished(Finished(effect: 3, generation: 2)).encodedPayload().text
      == #"{"type":"finished","effect":3,"generation":2}"#)
    #expect(WorkerMessage.finished(Finished(effect: 3, generation: 2, outputs: 4)).encodedPayload().text
      == #"{"type":"finished","effect":3,"generation":2,"outputs":4}"#)
    let read: [(String, UInt64?)] = [
      (#"{"type":"finished","effect":3,"generation":2}"#, nil),
      (#"{"type":"finished","effect":3,"generation":2,"outputs":4}"#, 4),
      (#"{"type":"finished","effect":3,"generation":2,"outputs":null}"#, nil),
      (#"{"outputs":18446744073709551615,"generation":2,"effect":3,"type":"finished"}"#, .max),
      (#"{"type":"finished","effect":3,"generation":2,"outputs":4.0}"#, 4),
    ]
    for (payload, outputs) in read {
      let bytes = Array(payload.utf8)
      // Read straight from the parse where it can be, and as the general path reads it.
      #expect(try WorkerMessage(payload: bytes) == .finished(Finished(effect: 3, generation: 2, outputs: outputs)), "\(payload)")
      #expect(try WireJSONDecoder().decode(WorkerMessage.self, from: bytes) == .finished(Finished(effect: 3, generation: 2, outputs: outputs)))
    }
    let refused = [
      #"{"type":"finished","effect":3,"generation":2,"outputs":-1}"#,
      #"{"type":"finished","effect":3,"generation":2,"outputs":"4"}"#,
      #"{"type":"finished","effect":3,"generation":2,"outputs":18446744073709551616}"#,
    ]
    for payload in refused {
      #expect(throws: WireError.mistypedField(type: "finished", field: "outputs", expected: "a UInt64"), "\(payload)") {
        try WorkerMessage(payload: Array(payload.utf8))
      }
    }
  }

  @Test func aRunReadStraightFromTheParseIsTheRunItsDecodingMakes() throws {
    let payloads = [
      #"{"type":"run","effect":3,"generation":2,"kind":"probe","job":{"tag":"t"},"deadlineMillis":null,"attempt":1}"#,
      #"{"type":"run","effect":3,"generation":2,"kind":"probe","job":[1,2],"deadlineMillis":50,"attempt":2,"delivered":4}"#,
      #"{"type":"run","effect":3,"generation":2,"kind":"probe","job":null,"attempt":1.5}"#,
      #"{"type":"run","effect":3,"generation":2,"kind":"probe","job":{},"attempt":1,"affinity":"session-7"}"#,
      #"{"type":"run","effect":3,"generation":2,"kind":"probe","job":{},"attempt":1,"affinity":null}"#,
      #"{"type":"run","effect":3,"generation":2,"kind":"probe","job":{},"attempt":1,"affinity":7}"#,
      // Keys in any order, an escaped key, a repeated key (the first wins), a mistyped optional field.
      #"{"attempt":3,"job":{"a":1},"delivered":null,"type":"run","kind":"x","generation":2,"effect":3,"deadlineMillis":9}"#,
      #"{"type":"run","effect":3,"generation":2,"kind":"probe","job":{},"attempt":1,"deadlin\u0065Millis":70}"#,
      #"{"type":"run","effect":3,"generation":2,"kind":"probe","job":{},"attempt":1,"attempt":2}"#,
      #"{"type":"run","effect":3,"generation":2,"kind":"probe","job":{},"attempt":1,"deadlineMillis":"soon"}"#,
    ]
    for payload in payloads {
      let bytes = Array(payload.utf8)
      let general = Result { try WireJSONDecoder().decode(WorkerMessage.self, from: bytes) }
      switch general {
      case let .success(message): #expect(try WorkerMessage(payload: bytes) == message)
      case .failure: #expect(throws: WireError.self) { try WorkerMessage(payload: bytes) }
      }
    }
    let keyed = try WorkerMessage(payload: Array(payloads[3].utf8))
    guard case let .run(run) = keyed else {
      Issue.record("read as \(keyed)")
      return
    }
    #expect(run.affinity == "session-7", "a transport routes a key's jobs by it")
    let withoutAttempt = Array(#"{"type":"run","effect":3,"generation":2,"kind":"probe","job":1}"#.utf8)
    #expect(throws: WireError.self) { try WorkerMessage(payload: withoutAttempt) }
  }

  @Test func framesCoalesceAndSplitBackIntoMessages() throws {
    var buffer: [UInt8] = []
    for message in Self.workerMessages { message.appendFrame(to: &buffer) }
    var decoder = FrameDecoder()
    decoder.append(contentsOf: buffer)
    var received: [WorkerMessage] = []
    while let payload = try decoder.next() { received.append(try WorkerMessage(payload: payload)) }
    #expect(received == Self.workerMessages)
  }

  @Test func anOversizedMessageFailsAloneInsteadOfBreakingTheChannel() throws {
    var buffer: [UInt8] = []
    try WorkerMessage.ping(Ping(nonce: 1)).appendFrame(to: &buffer, maxFrameLength: 64)
    let big = WorkerMessage.emit(Emit(effect: 1, generation: 1, output: RawJSON(.string(String(repeating: "x", count: 100)))))
    #expect(throws: FrameError.lengthOverLimit(length: 153, limit: 64)) {
      try big.appendFrame(to: &buffer, maxFrameLength: 64)
    }
    #expect(buffer.count == Frame.headerLength + WorkerMessage.ping(Ping(nonce: 1)).encodedPayload().count)
  }

  @Test func nonFiniteStatisticsTravelAsNull() throws {
    var report = Self.report
    report.coordinator.actionsPerSecond = .nan
    report.coordinator.uptimeSeconds = .infinity
    let payload = ControlMessage.statusReport(id: 1, report: report).encodedPayload()
    #expect(payload.text.contains(#""uptimeSeconds":null"#))
    guard case let .statusReport(_, decoded) = try ControlMessage(payload: payload) else {
      Issue.record("expected a status report")
      return
    }
    #expect(decoded.coordinator.actionsPerSecond.isNaN)
    let emit = WorkerMessage.emit(Emit(effect: 1, generation: 1, output: [.double(.nan)]))
    #expect(try WorkerMessage(payload: emit.encodedPayload()) == .emit(Emit(effect: 1, generation: 1, output: [nil])))
  }

  @Test(arguments: [
    (#"{"type":"ping","nonce":1"#, WireError.invalidJSON(offset: 24, reason: "the input ended before the JSON value was complete")),
    ("[1]", .notAnObject),
    (#""ping""#, .notAnObject),
    (#"{"nonce":1}"#, .missingType),
    (#"{"type":7}"#, .missingType),
    (#"{"type":"launch"}"#, .unknownType("launch")),
    (#"{"type":"ping"}"#, .missingField(type: "ping", field: "nonce")),
    (#"{"type":"ping","nonce":"1"}"#, .mistypedField(type: "ping", field: "nonce", expected: "a UInt64")),
    (#"{"type":"ping","nonce":-1}"#, .mistypedField(type: "ping", field: "nonce", expected: "a UInt64")),
    (#"{"type":"run","effect":1,"generation":1,"kind":"k","job":{},"attempt":null}"#,
      .mistypedField(type: "run", field: "attempt", expected: "an Int")),
    (#"{"type":"heartbeat","inFlight":1,"counters":{"a":1.5}}"#,
      .mistypedField(type: "heartbeat", field: "counters.a", expected: "an Int64")),
    (#"{"type":"hello","version":"1.0","role":"worker","pid":1,"capabilities":"all"}"#,
      .mistypedField(type: "hello", field: "capabilities", expected: "an array")),
  ])
  func badWorkerPayloadsGiveTypedErrors(text: String, expected: WireError) {
    #expect(throws: expected) { try WorkerMessage(payload: Array(text.utf8)) }
  }

  @Test func badControlPayloadsNameTheNestedField() {
    #expect(throws: WireError.missingField(type: "statusReport", field: "report.pools[0].kind")) {
      try ControlMessage(payload: Array(#"{"type":"statusReport","id":1,"report":{"coordinator":{"pid":1,"version":"1.0","runDir":"/","uptimeSeconds":1,"stateBytes":1,"actionsTotal":1,"actionsPerSecond":1},"pools":[{}],"workers":[]}}"#.utf8))
    }
    #expect(throws: WireError.missingField(type: "state", field: "id")) {
      try ControlMessage(payload: Array(#"{"type":"state","path":""}"#.utf8))
    }
    #expect(throws: WireError.unknownType("run")) {
      try ControlMessage(payload: Array(#"{"type":"run"}"#.utf8))
    }
    #expect(throws: WireError.invalidUTF8(offset: 9)) {
      try ControlMessage(payload: [0x7B, 0x22, 0x74, 0x79, 0x70, 0x65, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D])
    }
  }

  @Test func versionsAreCompatibleWithinAMajor() {
    #expect(ProtocolVersion.isCompatible("1.0"))
    #expect(ProtocolVersion.isCompatible("1.7"))
    #expect(!ProtocolVersion.isCompatible("2.0"))
    #expect(!ProtocolVersion.isCompatible("0.9"))
    #expect(!ProtocolVersion.isCompatible("one"))
    #expect(!ProtocolVersion.isCompatible("1"))
    #expect(throws: WireError.versionMismatch(local: "1.0", remote: "2.1")) { try ProtocolVersion.check("2.1") }
    #expect(WireError.versionMismatch(local: "1.0", remote: "2.1").description
      == "The peer speaks protocol version 2.1 but this side speaks 1.0; their major versions differ, so upgrade the older side.")
  }

  @Test func controlMessagesCarryTheirRequestID() {
    #expect(ControlMessage.stateChanged(id: 3, path: "", value: nil).id == 3)
    #expect(ControlMessage.hello(Hello(role: "client", pid: 1)).id == nil)
    #expect(ControlMessage.error(id: nil, code: ControlErrorCode(rawValue: "c"), message: "m").id == nil)
  }
}
