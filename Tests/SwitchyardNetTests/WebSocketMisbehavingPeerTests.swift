import Foundation
import SwitchyardTestSupport
import Synchronization
import Testing
@testable import SwitchyardNet

/// Raw peers that break RFC 6455, against our client and our server: each violation must end in
/// a typed error and the close code §7.4.1 prescribes, never a crash or a hang.
@Suite(.timeLimit(.minutes(3)))
struct WebSocketMisbehavingPeerTests {
  /// Plays a server that shakes hands correctly, sends `bytes`, and returns what the client sent
  /// back until it closed.
  private func serverSending(_ bytes: [UInt8]) throws -> (peer: ScriptedPeer, replies: @Sendable () -> [WebSocketFrame]) {
    let received = LockedFrames()
    let peer = try ScriptedPeer { socket in
      let rest = try socket.acceptWebSocketHandshake()
      try socket.write(bytes)
      received.set(try socket.readFrames(masked: true, initial: rest))
    }
    return (peer, { received.get() })
  }

  @Test func clientRefusesAWrongAccept() async throws {
    let peer = try ScriptedPeer { socket in
      try socket.acceptWebSocketHandshake(accept: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=")
    }
    await #expect {
      try await WebSocketClient.connect(to: peer.url, timeout: .seconds(30))
    } throws: { error in
      if case WebSocketError.acceptMismatch(_, received: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=") = error { return true }
      return false
    }
    try await peer.finish()
  }

  @Test func clientRefusesAServerThatHangsUpDuringTheHandshake() async throws {
    let peer = try ScriptedPeer { socket in _ = try socket.readHead() }
    await #expect(throws: WebSocketError.self) { try await WebSocketClient.connect(to: peer.url, timeout: .seconds(30)) }
    try await peer.finish()
  }

  @Test func clientRefusesAGarbageAnswer() async throws {
    let peer = try ScriptedPeer { socket in
      _ = try socket.readHead()
      try socket.write("SSH-2.0-OpenSSH_9.6\r\n\r\n")
    }
    await #expect(throws: WebSocketError.self) { try await WebSocketClient.connect(to: peer.url, timeout: .seconds(30)) }
    try await peer.finish()
  }

  /// Each case: what the server sends after the handshake, the client's error, the close code.
  static let serverViolations: [(String, [UInt8], WebSocketError, WebSocketCloseCode)] = [
    ("masked frame", WebSocketFrame(opcode: .text, payload: [0x61]).encoded(maskingKey: [1, 2, 3, 4]), .maskedServerFrame, .protocolError),
    ("reserved bits", [0xF1, 0x00], .reservedBitsSet, .protocolError),
    ("unknown opcode", [0x83, 0x00], .unknownOpcode(3), .protocolError),
    ("invalid UTF-8", WebSocketFrame(opcode: .text, payload: [0xFF, 0xFE]).encoded(), .invalidUTF8, .invalidPayloadData),
    ("long ping", WebSocketFrame(opcode: .ping, payload: Array(repeating: 0, count: 200)).encoded(), .controlFrameTooLong(200), .protocolError),
    ("fragmented ping", [0x09, 0x00], .fragmentedControlFrame, .protocolError),
    ("stray continuation", [0x80, 0x00], .unexpectedContinuation, .protocolError),
    ("bad close code", [0x88, 0x02, 0x03, 0xED], .invalidCloseCode(1005), .protocolError),
  ]

  @Test(arguments: serverViolations)
  func clientFailsTheConnectionOnAViolation(_ name: String, bytes: [UInt8], error: WebSocketError, code: WebSocketCloseCode) async throws {
    let (peer, replies) = try serverSending(bytes)
    let ws = try await WebSocketClient.connect(to: peer.url, timeout: .seconds(30))
    await #expect(throws: error) {
      for try await _ in ws.messages {}
    }
    try await peer.finish()
    let close = try #require(replies().last)
    #expect(close.opcode == .close)
    #expect(try WebSocketMessageAssembler.closeStatus(from: close.payload).code == code)
  }

  @Test func clientReportsATCPHangUpAsALostConnection() async throws {
    let peer = try ScriptedPeer { socket in
      try socket.acceptWebSocketHandshake()
      try socket.write(WebSocketFrame(opcode: .text, payload: Array("last words".utf8)).encoded())
    }
    let ws = try await WebSocketClient.connect(to: peer.url, timeout: .seconds(30))
    var messages = ws.messages.makeAsyncIterator()
    #expect(try await messages.next() == .text("last words"))
    await #expect {
      try await messages.next()
    } throws: { error in
      if case WebSocketError.connectionLost = error { return true }
      return false
    }
    try await peer.finish()
  }

  /// The frames sent right behind the 101 answer, in the same packet, must not be lost.
  @Test func clientReadsFramesThatArriveWithTheHandshake() async throws {
    let peer = try ScriptedPeer { socket in
      let (head, _) = try socket.readHead()
      let key = head.split(separator: "\r\n").first { $0.hasPrefix("Sec-WebSocket-Key:") }!.dropFirst(18).trimmingWhitespace()
      let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: key))\r\n\r\n"
      try socket.write(Array(answer.utf8) + WebSocketFrame(opcode: .text, payload: Array("early".utf8)).encoded()
        + WebSocketFrame(opcode: .close, payload: [0x03, 0xE8]).encoded())
      // The server closes TCP first (RFC 6455 §7.1.1); the client closes once it sees that.
      socket.shutdown(.writing)
      _ = socket.readUntilClosed()
    }
    let ws = try await WebSocketClient.connect(to: peer.url, timeout: .seconds(30))
    var received: [WebSocketMessage] = []
    for try await message in ws.messages {
      received.append(message)
    }
    #expect(received == [.text("early")])
    #expect(ws.closeStatus?.code == .normalClosure)
    try await peer.finish()
  }

  /// The client must mask what it sends, and a close frame then an end of stream must follow
  /// its close: checked from the raw side.
  @Test func clientMasksEveryFrameAndClosesItsSocket() async throws {
    let received = LockedFrames()
    let peer = try ScriptedPeer { socket in
      let rest = try socket.acceptWebSocketHandshake()
      var decoder = WebSocketFrameDecoder(expectsMaskedFrames: true, maxMessageSize: 1 << 20)
      decoder.append(rest)
      var frames: [WebSocketFrame] = []
      while frames.last?.opcode != .close {
        if let frame = try decoder.nextFrame() {
          frames.append(frame)
        } else {
          // Generous: beside the whole suite the client can wait seconds for a thread.
          decoder.append(try socket.read(upTo: 4096, deadline: .now + .seconds(30)))
        }
      }
      received.set(frames)
      try socket.write(WebSocketFrame(opcode: .close, payload: frames.last!.payload).encoded())
      socket.shutdown(.writing)
      // An end of stream here proves the client closed its side after the handshake.
      guard socket.readUntilClosed(timeout: .seconds(30)).isEmpty else { throw WebSocketError.connectionClosed }
    }
    let ws = try await WebSocketClient.connect(to: peer.url, timeout: .seconds(30))
    try await ws.send(.text("masked"))
    await ws.close(code: .normalClosure, reason: "bye")
    try await peer.finish(timeout: .seconds(40))
    #expect(received.get().map(\.opcode) == [.text, .close])
    #expect(try WebSocketMessageAssembler.closeStatus(from: received.get()[1].payload) == WebSocketCloseStatus(code: .normalClosure, reason: "bye"))
  }

  // MARK: Against our server

  @Test func serverFailsAnUnmaskedClientFrame() async throws {
    let (events, sink) = AsyncStream.makeStream(of: ServerEvent.self)
    try await withServer(routes: { $0.addEcho("/echo", events: sink) }) { server in
      let frames = try await offThread { [port = server.port] in
        let socket = try Socket.connectLoopback(port)
        defer { socket.close() }
        let head = try socket.requestWebSocketUpgrade(path: "/echo")
        guard head.hasPrefix("HTTP/1.1 101") else { throw WebSocketError.handshakeRejected(status: 0, reason: head) }
        try socket.write(WebSocketFrame(opcode: .text, payload: Array("unmasked".utf8)).encoded())
        return try socket.readFrames(masked: false)
      }
      #expect(frames.count == 1)
      #expect(frames.first?.opcode == .close)
      #expect(try WebSocketMessageAssembler.closeStatus(from: frames[0].payload).code == .protocolError)
      var serverEvents = events.makeAsyncIterator()
      #expect(await serverEvents.next() == .failed(.unmaskedClientFrame))
    }
  }

  @Test func serverRefusesBadHandshakes() async throws {
    try await withServer(routes: { $0.addEcho("/echo") }) { server in
      let answers = try await offThread { [port = server.port] in
        try [
          "GET /echo HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n",
          "GET /echo HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 7\r\n\r\n",
          "GET /echo HTTP/1.1\r\nHost: a\r\n\r\n",
          "HEAD /echo HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        ].map { request in
          let socket = try Socket.connectLoopback(port)
          defer { socket.close() }
          try socket.write(request)
          return String(decoding: socket.readUntilClosed(), as: UTF8.self)
        }
      }
      #expect(answers[0].hasPrefix("HTTP/1.1 400 "))
      #expect(answers[1].hasPrefix("HTTP/1.1 426 "))
      #expect(answers[1].contains("Sec-WebSocket-Version: 13\r\n"))
      #expect(answers[2].hasPrefix("HTTP/1.1 400 "))
      // An answer to a HEAD has no body, or a client reads it as the next response.
      #expect(answers[3].hasPrefix("HTTP/1.1 400 ") && answers[3].hasSuffix("\r\n\r\n"), "\(answers[3])")
    }
  }

  /// Random bytes after a valid handshake: the server must fail the connection (or wait for
  /// more), never crash, and keep serving others.
  @Test func serverSurvivesRandomFrames() async throws {
    try await withServer(routes: { $0.addEcho("/echo") }) { server in
      try await offThread { [port = server.port] in
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
          let socket = try Socket.connectLoopback(port)
          defer { socket.close() }
          _ = try socket.requestWebSocketUpgrade(path: "/echo")
          try? socket.write((0..<Int.random(in: 1...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
          socket.shutdown(.writing)
          _ = socket.readUntilClosed()
        }
      }
      let ws = try await WebSocketClient.connect(to: server.webSocketURL("/echo"), timeout: .seconds(30))
      try await ws.send(.text("still here"))
      var messages = ws.messages.makeAsyncIterator()
      #expect(try await messages.next() == .text("still here"))
      await ws.close()
    }
  }
}

/// Frames handed from a peer's thread to the test.
private final class LockedFrames: Sendable {
  private let frames = Mutex<[WebSocketFrame]>([])
  func set(_ value: [WebSocketFrame]) { frames.withLock { $0 = value } }
  func get() -> [WebSocketFrame] { frames.withLock { $0 } }
}
