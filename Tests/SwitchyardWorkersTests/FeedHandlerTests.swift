import Foundation
import SwitchyardNet
import SwitchyardRuntime
import SwitchyardUpstream
import Testing

@testable import SwitchyardWorkers

/// The websocket worker's handler against real servers on 127.0.0.1: order, reconnection with
/// backoff, and a clean close on cancel.
@Suite(.timeLimit(.minutes(3)))
struct FeedHandlerTests {
  /// Far above the handler's default of 5 s: the servers here answer the handshake from Swift's
  /// cooperative pool, which the whole suite shares, and in full runs the first connection timed
  /// out while the suite's first tests kept the pool busy. The timeout is not what these test.
  static let connectTimeout = Duration.seconds(30)

  /// The next `count` feed messages' sequence numbers; -1 for a message that is not a ``FeedMessage``.
  private func sequences(_ count: Int, from events: inout AsyncStream<FeedEvent>.Iterator) async -> [Int] {
    var numbers: [Int] = []
    while numbers.count < count, let event = await events.next() {
      guard case .messageReceived(let text) = event else { break }
      numbers.append((try? JSONDecoder().decode(FeedMessage.self, from: Data(text.utf8)))?.sequence ?? -1)
    }
    return numbers
  }

  /// The next event that is not a message: the messages already on their way are skipped.
  private func nextChange(from events: inout AsyncStream<FeedEvent>.Iterator) async -> FeedEvent? {
    while let event = await events.next() {
      if case .messageReceived = event { continue }
      return event
    }
    return nil
  }

  private func isConsecutive(_ numbers: [Int]) -> Bool {
    numbers.first.map { numbers == Array($0..<$0 + numbers.count) } ?? false
  }

  @Test func deliversMessagesInOrderAndReconnectsWithBackoffAfterTheUpstreamRestarts() async throws {
    let upstream = try UpstreamService.start(UpstreamConfiguration(feedRate: 100))
    let clock = GatedClock()
    let handler = FeedHandler(
      retry: RetrySchedule(backoff: Backoff(initial: .milliseconds(100), maximum: .milliseconds(300)), clock: clock),
      connectTimeout: Self.connectTimeout
    )
    let recording = JobRecording<FeedEvent>()
    let job = Task { try await handler.run(FeedJob(sessionID: "1", url: upstream.feedURL), context: recording.context) }
    var events = recording.outputs.makeAsyncIterator()
    var sleeps = clock.sleeps.makeAsyncIterator()

    #expect(await events.next() == .connected)
    let beforeRestart = await sequences(5, from: &events)
    await upstream.stop()
    let lost = await nextChange(from: &events)
    #expect(lost == .disconnected(reason: "The server closed the feed with 1001 (server stopping)."))

    // Nothing listens while the upstream is down: each attempt fails and waits twice as long, and
    // the reducer is told the feed is down only once.
    #expect(await sleeps.next() == .milliseconds(100))
    clock.open()
    #expect(await sleeps.next() == .milliseconds(200))
    clock.open()
    #expect(await sleeps.next() == .milliseconds(300))
    #expect(recording.emitted.filter { if case .disconnected = $0 { true } else { false } }.count == 1)

    let restarted = try UpstreamService.start(UpstreamConfiguration(port: upstream.port, feedRate: 100))
    clock.open()
    #expect(await nextChange(from: &events) == .connected)
    let afterRestart = await sequences(5, from: &events)

    // A successful connection starts the backoff over.
    await restarted.stop()
    #expect(await nextChange(from: &events) == .disconnected(reason: "The server closed the feed with 1001 (server stopping)."))
    #expect(await sleeps.next() == .milliseconds(100))
    job.cancel()
    await #expect(throws: CancellationError.self) { try await job.value }

    #expect(isConsecutive(beforeRestart), "\(beforeRestart)")
    #expect(isConsecutive(afterRestart), "\(afterRestart)")
    let counters = recording.counters
    #expect(counters["connects"] == 2)
    #expect(counters["reconnects"] == 3)
    #expect(counters["messagesReceived"].map { $0 >= 10 } == true)
  }

  @Test func cancellingClosesTheSocketWithNormalClosure() async throws {
    let (closes, closeSink) = AsyncStream.makeStream(of: WebSocketCloseStatus?.self)
    var router = HTTPRouter()
    router.add(.get, "/feed") { _ in
      .webSocket { connection in
        try await connection.send(.binary([1, 2, 3]))
        try await connection.send(.text("hello"))
        for try await _ in connection.messages {}
        closeSink.yield(connection.closeStatus)
      }
    }
    let server = try HTTPServer.start(router: router)
    let recording = JobRecording<FeedEvent>()
    let job = Task {
      try await FeedHandler(connectTimeout: Self.connectTimeout).run(
        FeedJob(sessionID: "1", url: "ws://127.0.0.1:\(server.port)/feed"), context: recording.context)
    }
    var events = recording.outputs.makeAsyncIterator()
    #expect(await events.next() == .connected)
    #expect(await events.next() == .messageReceived("hello"))
    job.cancel()
    await #expect(throws: CancellationError.self) { try await job.value }
    var serverSaw = closes.makeAsyncIterator()
    #expect(await serverSaw.next() == WebSocketCloseStatus(code: .normalClosure))
    // The binary message is not part of a feed, and a cancelled job reports no disconnection.
    #expect(recording.emitted == [.connected, .messageReceived("hello")])
    #expect(recording.counters == ["connects": 1, "messagesReceived": 1])
    await server.stop()
  }

  @Test(arguments: [
    ("wss://127.0.0.1:8443/feed", "not wss:// (TLS)"),
    ("http://127.0.0.1:8080/feed", "plain ws:// only"),
    ("ws://", "is not a WebSocket URL"),
    ("not a url", "is not a"),
  ])
  func refusesURLsItCannotUse(url: String, reason: String) async {
    let recording = JobRecording<FeedEvent>()
    await #expect {
      try await FeedHandler().run(FeedJob(sessionID: "1", url: url), context: recording.context)
    } throws: { error in
      guard let failure = error as? JobFailure else { return false }
      return failure.code == .invalidURL && !failure.retryable && failure.message.contains(reason)
    }
    #expect(recording.emitted.isEmpty)
  }
}
