import Foundation
import SwitchyardTestSupport
import Synchronization
import Testing
@testable import SwitchyardNet

/// What a server-side WebSocket holds for a peer that floods it or stops reading, over 127.0.0.1
/// with raw clients: one pong however many pings, unsent bytes bounded (then 1008), and at most
/// ``WebSocketBuffers/unreadMessages`` received messages before the reader stops reading.
@Suite(.timeLimit(.minutes(3)))
struct WebSocketBufferTests {
  /// A masked frame, as a client sends it.
  private static func clientFrame(_ opcode: WebSocketOpcode, _ payload: [UInt8] = []) -> [UInt8] {
    WebSocketFrame(opcode: opcode, payload: payload).encoded(maskingKey: [7, 1, 8, 2])
  }

  /// Serves `/ws` with `buffers`; each server-side connection goes to the returned stream before
  /// `handler` runs with it.
  private func withWebSocketServer(
    buffers: WebSocketBuffers = WebSocketBuffers(),
    handler: @escaping @Sendable (WebSocketConnection) async throws -> Void,
    _ body: (HTTPServer, AsyncStream<WebSocketConnection>) async throws -> Void
  ) async throws {
    let (connections, sink) = AsyncStream.makeStream(of: WebSocketConnection.self)
    try await withServer(routes: { router in
      router.add(.get, "/ws") { _ in
        .webSocket(buffers: buffers) { connection in
          sink.yield(connection)
          try await handler(connection)
        }
      }
    }) { server in
      try await body(server, connections)
    }
  }

  /// A raw client past the opening handshake, and the bytes that came right behind the 101.
  private func rawClient(_ port: UInt16) async throws -> (Socket, [UInt8]) {
    try await offThread {
      let socket = try Socket.connectLoopback(port)
      try socket.write("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
      let (head, rest) = try socket.readHead()
      guard head.hasPrefix("HTTP/1.1 101") else { throw WebSocketError.handshakeRejected(status: 0, reason: head) }
      return (socket, rest)
    }
  }

  @Test func aPingFloodFromAPeerThatDoesNotReadQueuesOnePongNotOnePerPing() async throws {
    let pings = 400_000
    try await withWebSocketServer { connection in
      for try await message in connection.messages where message == .text("done") {
        try await connection.send(.text("end"))
      }
    } _: { server, connections in
      let (client, _) = try await rawClient(server.port)
      defer { client.close() }
      var accepted = connections.makeAsyncIterator()
      let connection = try #require(await accepted.next())
      // Shrunk on the sending side only: a receive buffer shrunk under an open window stalls TCP.
      connection.socket.shrinkBuffer(SO_SNDBUF)
      let frames = try await offThread {
        let ping = Self.clientFrame(.ping)
        for _ in 0..<(pings / 1000) {
          try client.write(Array([[UInt8]](repeating: ping, count: 1000).joined()))
        }
        try client.write(Self.clientFrame(.text, Array("done".utf8)))
        return try client.readFrames(masked: false) { $0.opcode == .text }
      }
      let pongs = frames.filter { $0.opcode == .pong }.count
      #expect(frames.last?.payload == Array("end".utf8))
      #expect(pongs >= 1)
      // Without coalescing every ping is answered: 400,000 pongs queued behind a peer not reading.
      #expect(pongs < pings / 4)
    }
  }

  @Test func sendsPastTheUnsentByteLimitFailAndThePeerIsClosedWith1008() async throws {
    let limit = 256 << 10
    let (failures, failure) = AsyncStream.makeStream(of: WebSocketError.self)
    try await withWebSocketServer(buffers: WebSocketBuffers(unsentBytes: limit)) { connection in
      connection.socket.shrinkBuffer(SO_SNDBUF)
      // Concurrent senders, as a broadcast to a group is: none waits for the others' bytes.
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<64 {
          group.addTask {
            do {
              try await connection.send(.binary([UInt8](repeating: UInt8(truncatingIfNeeded: index), count: 64 << 10)))
            } catch let error as WebSocketError {
              failure.yield(error)
            } catch {}
          }
        }
      }
      failure.finish()
    } _: { server, _ in
      let (client, early) = try await rawClient(server.port)
      defer { client.close() }
      // The client reads nothing until a send has been refused.
      var errors = failures.makeAsyncIterator()
      var refusals = [try #require(await errors.next())]
      let frames = try await offThread { try client.readFrames(masked: false, initial: early) { $0.opcode == .close } }
      let close = try WebSocketMessageAssembler.closeStatus(from: try #require(frames.last).payload)
      #expect(close.code == .policyViolation)
      #expect(close.reason.hasPrefix("too slow"))
      while let refusal = await errors.next() { refusals.append(refusal) }
      #expect(refusals.contains(.peerTooSlow(limit: limit)))
      // What was queued before the refusal, plus what the kernel's buffers held: not all 4 MiB.
      #expect(frames.dropLast().reduce(0) { $0 + $1.payload.count } <= limit + (1 << 20))
    }
  }

  @Test func aConsumerFarBehindStopsTheReaderUntilItCatchesUpAndLosesNothing() async throws {
    let count = 320
    let (go, start) = AsyncStream.makeStream(of: Void.self)
    let (received, report) = AsyncStream.makeStream(of: [UInt8].self)
    try await withWebSocketServer(buffers: WebSocketBuffers(unreadMessages: 4)) { connection in
      for await _ in go { break }
      for try await message in connection.messages {
        if case .binary(let bytes) = message { report.yield([bytes[0], UInt8(truncatingIfNeeded: bytes.count >> 16)]) }
      }
      report.finish()
    } _: { server, connections in
      let (client, _) = try await rawClient(server.port)
      defer { client.close() }
      client.shrinkBuffer(SO_SNDBUF)
      var accepted = connections.makeAsyncIterator()
      let connection = try #require(await accepted.next())
      let written = Counter()
      let flood = Task {
        try await offThread {
          for index in 0..<count {
            try client.write(Self.clientFrame(.binary, [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: 64 << 10)))
            written.value.add(1, ordering: .relaxed)
          }
          try client.write(Self.clientFrame(.close, [0x03, 0xE8]))
        }
      }
      try await eventually("the reader to wait for the consumer", within: 20) { connection.inbound.isReaderWaiting }
      #expect(connection.inbound.unread == 4)
      // 20 MiB cannot all sit in the kernel's buffers of a socket nobody reads: the client is held back.
      #expect(written.value.load(ordering: .relaxed) < count)
      start.yield()
      var order: [[UInt8]] = []
      for await message in received { order.append(message) }
      try await flood.value
      #expect(order == (0..<count).map { [UInt8(truncatingIfNeeded: $0), 1] })
    }
  }

  @Test func closingWhileTheReaderWaitsEndsTheStreamWithTheUnreadMessages() async throws {
    let (go, start) = AsyncStream.makeStream(of: Void.self)
    let (received, report) = AsyncStream.makeStream(of: Int.self)
    try await withWebSocketServer(buffers: WebSocketBuffers(unreadMessages: 2)) { connection in
      for await _ in go { break }
      await connection.close(code: .policyViolation, reason: "enough")
      var count = 0
      for try await _ in connection.messages { count += 1 }
      report.yield(count)
      report.finish()
    } _: { server, connections in
      let (client, _) = try await rawClient(server.port)
      defer { client.close() }
      var accepted = connections.makeAsyncIterator()
      let connection = try #require(await accepted.next())
      let answer = Task {
        try await offThread {
          try client.write(Array((0..<10).map { _ in Self.clientFrame(.text, Array("hi".utf8)) }.joined()))
          // Ends with the close frame, or throws.
          let close = try client.readFrames(masked: false) { $0.opcode == .close }.last!
          try client.write(Self.clientFrame(.close, close.payload))
          client.shutdown(.writing)
          return try WebSocketMessageAssembler.closeStatus(from: close.payload)
        }
      }
      try await eventually("the reader to wait for the consumer", within: 20) { connection.inbound.isReaderWaiting }
      start.yield()
      var counts: [Int] = []
      for await count in received { counts.append(count) }
      #expect(counts == [2])
      #expect(try await answer.value == WebSocketCloseStatus(code: .policyViolation, reason: "enough"))
    }
  }
}

/// A count shared with a client's thread.
private final class Counter: Sendable {
  let value = Atomic<Int>(0)
}
