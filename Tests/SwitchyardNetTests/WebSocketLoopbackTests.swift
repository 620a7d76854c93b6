import Foundation
import Testing
@testable import SwitchyardNet

/// Our client against our server over 127.0.0.1: messages of every kind and size, fragmentation,
/// ping/pong, both close handshakes, broadcast, and cancellation.
@Suite(.timeLimit(.minutes(3)))
struct WebSocketLoopbackTests {
  @Test func echoesTextAndBinary() async throws {
    try await withServer(routes: { $0.addEcho("/echo") }) { server in
      let ws = try await WebSocketClient.connect(to: server.webSocketURL("/echo"), timeout: .seconds(30))
      var messages = ws.messages.makeAsyncIterator()
      try await ws.send(.text("héllo"))
      try await ws.send(.binary([0, 1, 2, 255]))
      try await ws.send(.text(""))
      #expect(try await messages.next() == .text("héllo"))
      #expect(try await messages.next() == .binary([0, 1, 2, 255]))
      #expect(try await messages.next() == .text(""))
      await ws.close()
    }
  }

  @Test func carriesAOneMebibyteMessageBothWays() async throws {
    try await withServer(routes: { $0.addEcho("/echo") }) { server in
      let ws = try await WebSocketClient.connect(to: server.webSocketURL("/echo"), timeout: .seconds(30))
      let payload = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
      try await ws.send(.binary(payload))
      var messages = ws.messages.makeAsyncIterator()
      #expect(try await messages.next() == .binary(payload))
      let text = String(repeating: "ü", count: 1 << 19)
      try await ws.send(.text(text))
      #expect(try await messages.next() == .text(text))
      await ws.close()
    }
  }

  @Test func reassemblesFragmentedMessagesOnBothSides() async throws {
    let (events, sink) = AsyncStream.makeStream(of: ServerEvent.self)
    try await withServer(routes: { router in
      router.add(.get, "/fragments") { _ in
        .webSocket { connection in
          await connection.report(to: sink) { message in try await connection.send(message, fragmentSize: 3) }
        }
      }
    }) { server in
      let ws = try await WebSocketClient.connect(to: server.webSocketURL("/fragments"), timeout: .seconds(30))
      try await ws.send(.text("fragmented in pieces of five"), fragmentSize: 5)
      try await ws.send(.binary(Array(0..<100)), fragmentSize: 1)
      var serverEvents = events.makeAsyncIterator()
      #expect(await serverEvents.next() == .message(.text("fragmented in pieces of five")))
      #expect(await serverEvents.next() == .message(.binary(Array(0..<100))))
      var messages = ws.messages.makeAsyncIterator()
      #expect(try await messages.next() == .text("fragmented in pieces of five"))
      #expect(try await messages.next() == .binary(Array(0..<100)))
      await ws.close()
    }
  }

  @Test func answersPingsInBothDirections() async throws {
    let (pinged, sink) = AsyncStream.makeStream(of: Bool.self)
    try await withServer(routes: { router in
      router.add(.get, "/ping") { _ in
        .webSocket { connection in
          // The server pings once it hears from the client, and reports whether the pong came.
          for try await _ in connection.messages {
            sink.yield((try? await connection.ping()) != nil)
          }
        }
      }
    }) { server in
      let ws = try await WebSocketClient.connect(to: server.webSocketURL("/ping"), timeout: .seconds(30))
      try await ws.ping()
      try await ws.ping()
      try await ws.send(.text("ping me"))
      // The client must keep reading for its automatic pongs to be sent; they are, on its thread.
      var results = pinged.makeAsyncIterator()
      #expect(await results.next() == true)
      await ws.close()
    }
  }

  @Test func clientInitiatedCloseHandshake() async throws {
    let (events, sink) = AsyncStream.makeStream(of: ServerEvent.self)
    try await withServer(routes: { $0.addEcho("/echo", events: sink) }) { server in
      let ws = try await WebSocketClient.connect(to: server.webSocketURL("/echo"), timeout: .seconds(30))
      await ws.close(code: WebSocketCloseCode(rawValue: 4000), reason: "done here")
      var serverEvents = events.makeAsyncIterator()
      #expect(await serverEvents.next() == .closed(WebSocketCloseStatus(code: WebSocketCloseCode(rawValue: 4000), reason: "done here")))
      // The server echoed the code; the client's stream ended without error.
      #expect(ws.closeStatus?.code == WebSocketCloseCode(rawValue: 4000))
      var messages = ws.messages.makeAsyncIterator()
      #expect(try await messages.next() == nil)
      await #expect(throws: WebSocketError.connectionClosed) { try await ws.send(.text("too late")) }
      await #expect(throws: WebSocketError.connectionClosed) { try await ws.ping() }
    }
  }

  @Test func serverInitiatedCloseHandshake() async throws {
    try await withServer(routes: { router in
      router.add(.get, "/bye") { _ in
        .webSocket { connection in
          try? await connection.send(.text("bye"))
          await connection.close(code: .goingAway, reason: "maintenance")
        }
      }
    }) { server in
      let ws = try await WebSocketClient.connect(to: server.webSocketURL("/bye"), timeout: .seconds(30))
      var received: [WebSocketMessage] = []
      for try await message in ws.messages {
        received.append(message)
      }
      #expect(received == [.text("bye")])
      #expect(ws.closeStatus == WebSocketCloseStatus(code: .goingAway, reason: "maintenance"))
    }
  }

  @Test func broadcastsToEveryClient() async throws {
    let group = WebSocketGroup()
    let (greetings, sink) = AsyncStream.makeStream(of: WebSocketMessage.self)
    try await withServer(routes: { router in
      router.add(.get, "/feed") { _ in
        // A message from a client arrives through join, so by then the client is a member.
        .webSocket { connection in await group.join(connection) { sink.yield($0) } }
      }
    }) { server in
      var clients: [WebSocketConnection] = []
      for index in 0..<5 {
        let client = try await WebSocketClient.connect(to: server.webSocketURL("/feed"), timeout: .seconds(30))
        try await client.send(.text("hello from \(index)"))
        clients.append(client)
      }
      var heard = greetings.makeAsyncIterator()
      for _ in 0..<5 {
        _ = await heard.next()
      }
      #expect(await group.count == 5)
      for index in 0..<3 {
        #expect(await group.broadcast(.text("tick \(index)")) == 5)
      }
      for client in clients {
        var messages = client.messages.makeAsyncIterator()
        for index in 0..<3 {
          #expect(try await messages.next() == .text("tick \(index)"))
        }
        await client.close()
      }
    }
  }

  @Test func cancellingTheConsumerClosesTheConnection() async throws {
    let (events, sink) = AsyncStream.makeStream(of: ServerEvent.self)
    try await withServer(routes: { $0.addEcho("/echo", events: sink) }) { server in
      let ws = try await WebSocketClient.connect(to: server.webSocketURL("/echo"), timeout: .seconds(30))
      let (started, startedSink) = AsyncStream.makeStream(of: Void.self)
      let consumer = Task {
        startedSink.yield()
        for try await _ in ws.messages {}
      }
      await started.first { true }
      consumer.cancel()
      _ = await consumer.result
      var serverEvents = events.makeAsyncIterator()
      #expect(await serverEvents.next() == .closed(WebSocketCloseStatus(code: .goingAway)))
      // close() after the fact returns once the socket is released.
      await ws.close()
      await #expect(throws: WebSocketError.connectionClosed) { try await ws.send(.text("x")) }
    }
  }

  @Test func refusesMessagesOverTheClientsLimit() async throws {
    let (events, sink) = AsyncStream.makeStream(of: ServerEvent.self)
    try await withServer(routes: { $0.addEcho("/echo", events: sink) }) { server in
      let ws = try await WebSocketClient.connect(to: server.webSocketURL("/echo"), timeout: .seconds(30), maxMessageSize: 1000)
      try await ws.send(.binary(Array(repeating: 1, count: 1000)))
      try await ws.send(.binary(Array(repeating: 2, count: 1001)))
      var messages = ws.messages.makeAsyncIterator()
      #expect(try await messages.next() == .binary(Array(repeating: 1, count: 1000)))
      await #expect(throws: WebSocketError.messageTooLarge(limit: 1000)) { try await messages.next() }
      var serverEvents = events.makeAsyncIterator()
      #expect(await serverEvents.next() == .message(.binary(Array(repeating: 1, count: 1000))))
      #expect(await serverEvents.next() == .message(.binary(Array(repeating: 2, count: 1001))))
      #expect(await serverEvents.next() == .closed(WebSocketCloseStatus(code: .messageTooBig)))
    }
  }

  @Test func serverRefusesMessagesOverTheRoutesLimit() async throws {
    let (events, sink) = AsyncStream.makeStream(of: ServerEvent.self)
    try await withServer(routes: { $0.addEcho("/small", maxMessageSize: 100, events: sink) }) { server in
      let ws = try await WebSocketClient.connect(to: server.webSocketURL("/small"), timeout: .seconds(30))
      try await ws.send(.text(String(repeating: "x", count: 101)))
      var messages = ws.messages.makeAsyncIterator()
      #expect(try await messages.next() == nil)
      #expect(ws.closeStatus?.code == .messageTooBig)
      var serverEvents = events.makeAsyncIterator()
      #expect(await serverEvents.next() == .failed(.messageTooLarge(limit: 100)))
    }
  }

  @Test func reportsConnectFailuresAsTypedErrors() async throws {
    await #expect(throws: WebSocketError.unsupportedScheme("wss")) {
      try await WebSocketClient.connect(to: URL(string: "wss://127.0.0.1:1/")!, timeout: .seconds(30))
    }
    await #expect(throws: WebSocketError.unsupportedScheme("http")) {
      try await WebSocketClient.connect(to: URL(string: "http://127.0.0.1:1/")!, timeout: .seconds(30))
    }
    // A port that was free a moment ago: nothing listens there.
    let port = try { let socket = try Socket.listen(port: 0); defer { socket.close() }; return try socket.localPort() }()
    await #expect {
      try await WebSocketClient.connect(to: URL(string: "ws://127.0.0.1:\(port)/")!, timeout: .seconds(30))
    } throws: { error in
      if case WebSocketError.connectionFailed(host: "127.0.0.1", port: Int(port), _) = error { return true }
      return false
    }
    try await withServer(routes: { $0.add(.get, "/plain") { _ in .text("not a socket") } }) { server in
      await #expect(throws: WebSocketError.handshakeRejected(status: 404, reason: "Not Found")) {
        try await WebSocketClient.connect(to: server.webSocketURL("/missing"), timeout: .seconds(30))
      }
      await #expect(throws: WebSocketError.handshakeRejected(status: 200, reason: "OK")) {
        try await WebSocketClient.connect(to: server.webSocketURL("/plain"), timeout: .seconds(30))
      }
    }
  }

  @Test func timesOutOnAServerThatNeverAnswers() async throws {
    let peer = try ScriptedPeer { socket in
      _ = socket.readUntilClosed(timeout: .seconds(5))
    }
    await #expect(throws: WebSocketError.timedOut(.milliseconds(300))) {
      try await WebSocketClient.connect(to: peer.url, timeout: .milliseconds(300))
    }
    try await peer.finish()
  }

  @Test func cancellingConnectStopsIt() async throws {
    let peer = try ScriptedPeer { socket in
      _ = socket.readUntilClosed(timeout: .seconds(5))
    }
    let connecting = Task { try await WebSocketClient.connect(to: peer.url, timeout: .seconds(30)) }
    connecting.cancel()
    await #expect(throws: CancellationError.self) { try await connecting.value }
    try await peer.finish()
  }
}
