import Foundation
import SwitchyardNet
import SwitchyardTestSupport
import SwitchyardWire
import Testing

@testable import SwitchyardInspector

/// The inspector's HTTP and WebSocket server against bad and slow clients, over stub endpoints.
@Suite(.timeLimit(.minutes(3)), .onAThreadOfItsOwn) struct InspectorServerTests {
  @Test func unknownRoutesAre404AndThePageIsServed() async throws {
    let inspector = try await StubInspector()
    defer { Task { await inspector.server.stop() } }
    let missing = try RawClient(port: inspector.server.port)
    try missing.write("GET /nope HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    #expect(missing.readResponse().hasPrefix("HTTP/1.1 404 Not Found"))
    let page = try RawClient(port: inspector.server.port)
    try page.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    let response = page.readResponse()
    #expect(response.hasPrefix("HTTP/1.1 200 OK"))
    #expect(response.contains("<title>Switchyard inspector</title>"))
  }

  @Test func withATokenEveryRequestWithoutItIs401IncludingTheUpgrade() async throws {
    var configuration = InspectorConfiguration()
    configuration.token = "s3cret"
    let inspector = try await StubInspector(configuration: configuration)
    defer { Task { await inspector.server.stop() } }
    for target in ["/", "/nope", "/?token=wrong"] {
      let client = try RawClient(port: inspector.server.port)
      try client.write("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
      let response = client.readResponse()
      #expect(response.hasPrefix("HTTP/1.1 401 Unauthorized"), "\(target)")
      #expect(response.contains("--http-token"))
    }
    #expect(try RawClient(port: inspector.server.port).upgrade("/socket").hasPrefix("HTTP/1.1 401"))
    #expect(try RawClient(port: inspector.server.port).upgrade("/socket?token=s3cret").hasPrefix("HTTP/1.1 101"))
    let bearer = try RawClient(port: inspector.server.port)
    try bearer.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer s3cret\r\nConnection: close\r\n\r\n")
    #expect(bearer.readResponse().hasPrefix("HTTP/1.1 200 OK"))
  }

  /// The log names where the page is, never the token: a log shipped elsewhere would give it away.
  @Test func theLogLineLeavesTheTokenOut() throws {
    var configuration = InspectorConfiguration()
    #expect(configuration.servingEvent(port: 8080).message == "inspector serving http://127.0.0.1:8080/")
    configuration.token = "s3cret"
    let event = configuration.servingEvent(port: 8080, note: "a note")
    #expect(event.message == "inspector serving http://127.0.0.1:8080/ (open it with ?token= and the --http-token secret); a note")
    #expect(!"\(event)".contains("s3cret"))
    #expect(configuration.pageURL(port: 8080) == "http://127.0.0.1:8080/?token=s3cret")
  }

  @Test func aNonLoopbackAddressNeedsAToken() throws {
    #expect(throws: InspectorError.tokenRequired(host: "0.0.0.0")) { try InspectorConfiguration(address: "0.0.0.0:8080", token: nil) }
    #expect(throws: InspectorError.invalidAddress(.malformed("localhost"))) { try InspectorConfiguration(address: "localhost", token: nil) }
    #expect(try InspectorConfiguration(address: "localhost:0", token: nil).host == "127.0.0.1")
    #expect(throws: InspectorError.tokenWithoutAddress) { try InspectorConfiguration.commandLine(address: nil, token: "t") }
    #expect(try InspectorConfiguration.commandLine(address: nil, token: nil) == nil)
    let open = try InspectorConfiguration(address: "0.0.0.0:0", token: "t")
    #expect(open.host == "0.0.0.0" && open.token == "t")
  }

  @Test func anOversizedMessageClosesWith1009AndAMalformedFrameWith1002() async throws {
    var configuration = InspectorConfiguration()
    configuration.maxRequestBytes = 1_024
    let inspector = try await StubInspector(configuration: configuration)
    defer { Task { await inspector.server.stop() } }
    let big = try RawClient(port: inspector.server.port)
    #expect(try big.upgrade("/socket").hasPrefix("HTTP/1.1 101"))
    // A masked text frame announcing 4 KiB: refused from its header.
    try big.write([0x81, 0xFE, 0x10, 0x00, 1, 2, 3, 4])
    #expect(Self.closeCode(in: big.read()) == 1009)
    let unmasked = try RawClient(port: inspector.server.port)
    #expect(try unmasked.upgrade("/socket").hasPrefix("HTTP/1.1 101"))
    try unmasked.write([0x81, 0x02, 0x7B, 0x7D])
    #expect(Self.closeCode(in: unmasked.read()) == 1002)
  }

  @MainActor @Test func requestsAreAnsweredWithPathFirstErrors() async throws {
    let inspector = try StubInspector()
    defer { Task { await inspector.server.stop() } }
    let session = InspectorSession(hub: inspector.hub, endpoints: try #require(inspector.endpoints))
    let invalid = await session.respond(to: #"{"id":1,"type":"send","text":"{\"a\":}"}"#)
    guard case let .error(id, message) = try #require(invalid.first) else { Issue.record("not an error: \(invalid)"); return }
    #expect(id == 1)
    #expect(message == "invalid JSON: unexpected character '}' (0x7D)\n  {\"a\":}\n       ^")
    let sent = await session.respond(to: #"{"id":2,"type":"send","text":"{\"tick\":{}}"}"#)
    #expect(sent.count == 1)
    #expect(inspector.sent == [["tick": [:]]])
    let diff = await session.respond(to: #"{"id":3,"type":"diff","from":1,"to":2}"#)
    guard case let .diff(_, from, to, _, changes) = try #require(diff.first) else { Issue.record("not a diff: \(diff)"); return }
    #expect(from == 1 && to == 2)
    #expect(changes.changes == [JSONChange(path: "count", kind: .changed, before: 1, after: 2)])
    let tooOld = await session.respond(to: #"{"id":4,"type":"state","sequence":0}"#)
    guard case let .error(_, old) = try #require(tooOld.first) else { Issue.record("not an error: \(tooOld)"); return }
    #expect(old.contains("the oldest it holds is after #1"))
  }

  @MainActor @Test func aJournalsHistoryIsARangeAndAnActionsDiffIsExact() async throws {
    let inspector = try StubInspector()
    defer { Task { await inspector.server.stop() } }
    var endpoints = try #require(inspector.endpoints)
    endpoints.history = RangeHistory(range: 5...9)
    let session = InspectorSession(hub: inspector.hub, endpoints: endpoints)
    let history = try #require(await session.respond(to: #"{"id":1,"type":"history"}"#).first)
    let text = String(decoding: history.bytes, as: UTF8.self)
    #expect(text.contains(#""oldest":5"#) && text.contains(#""latest":9"#) && !text.contains("sequences"), "\(text)")
    let diff = await session.respond(to: #"{"id":2,"type":"actionDiff","sequence":7}"#)
    guard case let .diff(_, from, to, action, changes) = try #require(diff.first) else { Issue.record("not a diff: \(diff)"); return }
    #expect(from == 6 && to == 7 && action == 7)
    #expect(changes.changes == [JSONChange(path: "count", kind: .changed, before: 6, after: 7)])
    let tooOld = await session.respond(to: #"{"id":3,"type":"state","sequence":2}"#)
    guard case let .error(_, old) = try #require(tooOld.first) else { Issue.record("not an error: \(tooOld)"); return }
    #expect(old.contains("the oldest it holds is after #5"))
  }

  @Test func aPageThatStopsReadingIsDroppedWhileOthersKeepUp() async throws {
    var configuration = InspectorConfiguration()
    configuration.clientQueueLimit = 16
    configuration.clientQueueBytes = 1 << 20
    let inspector = try await StubInspector(configuration: configuration)
    defer { Task { await inspector.server.stop() } }
    let stalled = try RawClient(port: inspector.server.port, receiveBuffer: 4_096)
    #expect(try stalled.upgrade("/socket").hasPrefix("HTTP/1.1 101"))
    let reader = try await WebSocketClient.connect(to: try #require(URL(string: "ws://127.0.0.1:\(inspector.server.port)/socket")), timeout: .seconds(30))
    let hub = inspector.hub
    try await eventually("both pages joined") { hub.clientCount == 2 }
    // The reading page gets each batch before the next is published, so only the stalled one falls behind.
    var messages = reader.messages.makeAsyncIterator()
    let padding = JSONValue.string(String(repeating: "x", count: 64 << 10))
    // The stalled page starts reading once it is dropped, on a thread of its own: its close frame
    // waits behind what was queued, and the server cuts a close that takes longer than 5 s.
    var rest: Task<[UInt8], Never>?
    for sequence in UInt64(1)...1_000 {
      hub.publish(actions: [ActionEntry(sequence: sequence, action: ["padded": padding])], skipped: 0)
      while true {
        guard case let .text(text)? = try await messages.next() else { throw RawClient.Failed(description: "the reading page was closed") }
        if text.contains("\"sequence\":\(sequence),") { break }
      }
      if rest == nil, hub.droppedCount == 1 { rest = Self.readToEnd(stalled) }
    }
    #expect(hub.droppedCount == 1, "the stalled page was not dropped")
    #expect(hub.clientCount == 1)
    // The stalled page is told why, once its socket drains: close code 1008.
    let received = await rest?.value ?? []
    #expect(Self.closeCode(in: received) == 1008)
    await reader.close()
  }

  /// What `client` reads until the server closes, read on a thread of its own.
  static func readToEnd(_ client: RawClient) -> Task<[UInt8], Never> {
    nonisolated(unsafe) let client = client
    return Task {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: client.read()) }
      }
    }
  }

  /// The code of the last close frame in `bytes`, read by walking server frames (unmasked).
  static func closeCode(in bytes: [UInt8]) -> Int? {
    var offset = 0
    var code: Int?
    while offset + 2 <= bytes.count {
      let opcode = bytes[offset] & 0x0F
      var length = Int(bytes[offset + 1] & 0x7F)
      var header = 2
      if length == 126, offset + 4 <= bytes.count {
        length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        header = 4
      } else if length == 127, offset + 10 <= bytes.count {
        length = bytes[(offset + 2)..<(offset + 10)].reduce(0) { $0 << 8 | Int($1) }
        header = 10
      }
      let start = offset + header
      guard start + length <= bytes.count else { break }
      if opcode == 0x8, length >= 2 {
        code = Int(bytes[start]) << 8 | Int(bytes[start + 1])
      }
      offset = start + length
    }
    return code
  }
}
