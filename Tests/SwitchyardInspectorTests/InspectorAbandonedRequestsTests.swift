import Foundation
import SwitchyardNet
import SwitchyardTestSupport
import SwitchyardWire
import Synchronization
import Testing

@testable import SwitchyardInspector

/// What a page may ask of the inspector and then leave: requests it sent and went away from are not
/// answered, and a request that is not JSON is told why.
@Suite(.timeLimit(.minutes(1)), .onAThreadOfItsOwn) struct InspectorAbandonedRequestsTests {
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
