import Foundation
import SwitchyardNet
import SwitchyardTestSupport
import SwitchyardWire
import Synchronization
import Testing

@testable import SwitchyardInspector

/// Requests the inspector does not answer as asked: those of a page that went away are not
/// answered, one that is not JSON is told why, and a reply too large for a page is an error in its
/// place.
@Suite(.timeLimit(.minutes(3)), .onAThreadOfItsOwn) struct InspectorAbandonedRequestsTests {
  /// An audit's page pipelined 20,000 requests for old states and left; the coordinator went on
  /// replaying the journal for it for about an hour.
  @MainActor @Test func requestsOfAPageThatLeftAreNotAnswered() async throws {
    let stub = try StubInspector()
    var endpoints = try #require(stub.endpoints)
    let history = GatedHistory()
    endpoints.history = history
    let server = try InspectorRoutes.serve(configuration: InspectorConfiguration(), session: InspectorSession(hub: stub.hub, endpoints: endpoints))
    defer { Task { await server.stop(); await stub.server.stop() } }
    let hub = stub.hub
    do {
      let page = try RawClient(port: server.port)
      #expect(try page.upgrade("/socket").hasPrefix("HTTP/1.1 101"))
      try page.write((1...200).flatMap { Self.maskedText(#"{"id":\#($0),"type":"state","sequence":1}"#) })
      // The first request waits for the history while the page goes.
      try await eventually("the first request asked the history") { history.calls == 1 }
    }
    history.open()
    try await eventually("the page's session ended") { hub.clientCount == 0 }
    #expect(history.calls < 10, "\(history.calls) of 200 requests were answered after the page left")
  }

  @MainActor @Test func aRequestNestedTooDeepIsToldItsNestingNotThatItIsNoObject() async throws {
    let stub = try StubInspector()
    defer { Task { await stub.server.stop() } }
    let session = InspectorSession(hub: stub.hub, endpoints: try #require(stub.endpoints))
    let replies = await session.respond(to: String(repeating: "[", count: 50_000))
    guard case let .error(_, message) = try #require(replies.first) else { Issue.record("not an error: \(replies)"); return }
    #expect(message.hasPrefix("A request must be JSON:") && message.contains("nest"), "\(message)")
    let array = await session.respond(to: "[1]")
    guard case let .error(_, notAnObject) = try #require(array.first) else { Issue.record("not an error: \(array)"); return }
    #expect(notAnObject.hasPrefix("A request must be a JSON object"), "\(notAnObject)")
  }

  /// A state larger than a page may leave unread was sent all the same, and the page dropped as too
  /// slow at the next live message.
  @MainActor @Test func aReplyLargerThanAPageMayLeaveUnreadIsAnErrorAndThePageStays() async throws {
    let stub = try StubInspector()
    var endpoints = try #require(stub.endpoints)
    let large = Array((#"{"blob":""# + String(repeating: "x", count: 100_000) + #""}"#).utf8)
    endpoints.currentState = { (7, large) }
    var configuration = InspectorConfiguration()
    configuration.clientQueueBytes = 64 << 10
    let hub = InspectorHub(
      limits: ClientOutbox.Limits(messages: configuration.clientQueueLimit, bytes: configuration.clientQueueBytes),
      recentActionCapacity: configuration.recentActionCapacity,
      populationChanged: { _ in }
    )
    let server = try InspectorRoutes.serve(configuration: configuration, session: InspectorSession(hub: hub, endpoints: endpoints))
    defer { Task { await server.stop(); await stub.server.stop() } }
    let page = try await WebSocketClient.connect(to: try #require(URL(string: "ws://127.0.0.1:\(server.port)/socket")), timeout: .seconds(30))
    let replies = try await Self.replies(to: [#"{"id":7,"type":"state"}"#, #"{"id":8,"type":"history"}"#], on: page)
    #expect(replies[0].contains(#""type":"error""#) && replies[0].contains("100068 bytes, more than the 65536"), "\(replies[0])")
    #expect(replies[1].contains(#""type":"history""#), "\(replies[1])")
    #expect(hub.droppedCount == 0)
    await page.close()
  }

  /// Sends each request in turn on `page`, waiting for its reply: the message with its id, which
  /// the requests number from 7 up.
  private static func replies(to requests: [String], on page: WebSocketConnection) async throws -> [String] {
    var messages = page.messages.makeAsyncIterator()
    var replies: [String] = []
    for (offset, request) in requests.enumerated() {
      try await page.send(.text(request))
      while replies.count == offset {
        guard case let .text(text)? = try await messages.next() else { throw RawClient.Failed(description: "the page was closed") }
        if text.contains(#""id":\#(7 + offset)"#) { replies.append(text) }
      }
    }
    return replies
  }

  /// A client's text frame: masked, as RFC 6455 requires of a client, with a zero mask.
  static func maskedText(_ text: String) -> [UInt8] {
    let payload = Array(text.utf8)
    precondition(payload.count < 126)
    return [0x81, 0x80 | UInt8(payload.count), 0, 0, 0, 0] + payload
  }
}

/// A history whose every state waits until ``open()``, then takes a few milliseconds, as rebuilding
/// an old state from a journal takes longer; it counts how often it was asked.
private final class GatedHistory: HistorySource {
  private let state = Mutex<(calls: Int, isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((0, false, []))

  var calls: Int { state.withLock { $0.calls } }

  func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for waiter in waiting { waiter.resume() }
  }

  func retained() async throws -> RetainedStates {
    .every(1...1)
  }

  func state(atOrBefore sequence: UInt64) async throws -> HistoricState? {
    await withCheckedContinuation { waiter in
      let isOpen = state.withLock { state in
        state.calls += 1
        if !state.isOpen { state.waiting.append(waiter) }
        return state.isOpen
      }
      if isOpen { waiter.resume() }
    }
    try await Task.sleep(for: .milliseconds(5))
    return HistoricState(sequence: 1, state: ["count": 1])
  }
}
