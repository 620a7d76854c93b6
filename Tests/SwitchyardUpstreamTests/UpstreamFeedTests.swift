import Foundation
import Testing
@testable import SwitchyardNet
import SwitchyardUpstream

/// `/feed`: numbered messages to every client at the configured rate, and clients that break the
/// protocol cut off without harm to the rest.
@Suite(.timeLimit(.minutes(3)))
struct UpstreamFeedTests {
  /// The next `count` feed messages on `connection`, decoded.
  private func next(_ count: Int, on connection: WebSocketConnection) async throws -> [FeedMessage] {
    var received: [FeedMessage] = []
    for try await message in connection.messages {
      guard case .text(let text) = message else { continue }
      received.append(try JSONDecoder().decode(FeedMessage.self, from: Data(text.utf8)))
      if received.count == count { break }
    }
    return received
  }

  /// Feed messages on `connection` up to the one numbered `sequence`, decoded.
  private func messages(on connection: WebSocketConnection, through sequence: Int) async throws -> [FeedMessage] {
    var received: [FeedMessage] = []
    for try await message in connection.messages {
      guard case .text(let text) = message else { continue }
      received.append(try JSONDecoder().decode(FeedMessage.self, from: Data(text.utf8)))
      if received.last!.sequence >= sequence { break }
    }
    return received
  }

  @Test func broadcastsNumberedTimestampedMessagesInOrderToEveryClient() async throws {
    try await withUpstream(UpstreamConfiguration(feedRate: 100)) { upstream in
      let first = try await WebSocketClient.connect(to: URL(string: upstream.feedURL)!, timeout: .seconds(30))
      let second = try await WebSocketClient.connect(to: URL(string: upstream.feedURL)!, timeout: .seconds(30))
      #expect(try await upstream.get("/health", as: UpstreamHealth.self).body.clients == 2)
      let (a, b) = try await (next(10, on: first), next(10, on: second))
      for messages in [a, b] {
        #expect(messages.count == 10)
        #expect(zip(messages, messages.dropFirst()).allSatisfy { $1.sequence == $0.sequence + 1 })
        #expect(messages.allSatisfy { (try? Date($0.sentAt, strategy: .iso8601)) != nil })
      }
      // Both heard the same broadcasts: the client that connected first hears on to those the other
      // heard, however many went by between the two connects on a loaded machine.
      try #require(a.count == 10 && b.count == 10)
      let (earlier, later, connection) = a[0].sequence <= b[0].sequence ? (a, b, first) : (b, a, second)
      let more = earlier[9].sequence < later[4].sequence ? try await messages(on: connection, through: later[4].sequence) : []
      #expect(Set((earlier + more).map(\.sequence)).intersection(later.map(\.sequence)).count >= 5)
      await first.close()
      await second.close()
    }
  }

  @Test func stoppingClosesFeedClientsWithGoingAway() async throws {
    let upstream = try UpstreamService.start(UpstreamConfiguration(feedRate: 50))
    let client = try await WebSocketClient.connect(to: URL(string: upstream.feedURL)!, timeout: .seconds(30))
    await upstream.stop()
    var messages = client.messages.makeAsyncIterator()
    while try await messages.next() != nil {}
    #expect(client.closeStatus?.code == .goingAway)
  }

  /// An unmasked frame breaks RFC 6455 §5.1: the service answers with close 1002 and hangs up on
  /// that client only.
  @Test func closesAClientThatSendsMalformedFramesAndKeepsServingTheOthers() async throws {
    try await withUpstream(UpstreamConfiguration(feedRate: 100)) { upstream in
      let wellBehaved = try await WebSocketClient.connect(to: URL(string: upstream.feedURL)!, timeout: .seconds(30))
      let reply = try await upstream.exchangeAfterUpgrade(sending: [0x81, 0x02, 0x68, 0x69])
      let close = try #require(reply.last { $0.opcode == .close })
      #expect(Array(close.payload.prefix(2)) == [0x03, 0xEA])
      #expect(try await next(3, on: wellBehaved).count == 3)
      #expect(try await upstream.get("/health").status == 200)
      await wellBehaved.close()
    }
  }
}

extension UpstreamService {
  /// Upgrades a raw connection to `/feed`, sends `bytes`, and returns the frames the service sent
  /// until it closed the connection.
  func exchangeAfterUpgrade(sending bytes: [UInt8]) async throws -> [WebSocketFrame] {
    try await withRawConnection { socket in
      try socket.write(Array("GET /feed HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n".utf8)
        + Array("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8) + bytes)
      let received = socket.readUntilClosed()
      guard let headEnd = HTTPHead.endIndex(in: received, from: 0) else { throw SocketError.closed }
      var decoder = WebSocketFrameDecoder(expectsMaskedFrames: false, maxMessageSize: 1 << 20)
      decoder.append(Array(received[headEnd...]))
      var frames: [WebSocketFrame] = []
      while let frame = try decoder.nextFrame() {
        frames.append(frame)
      }
      return frames
    }
  }
}
